#!/bin/sh
# The example sender of Flows/signup.json: focusflow run Flows/signup.json
#   --send sms-code=Flows/signup-send.sh
#
# It reads one JSON line on stdin, {"field","send","answers"} (the answers hold the phone
# number), and answers by its exit status: 0 sent, 1 failed with the first line it prints. A
# real sender asks an SMS service; this one writes the text it would send to $SIGNUP_OUTBOX
# (nowhere when unset). The code is always 123456, as the example checker knows.
request=$(cat)
phone=$(printf '%s\n' "$request" | sed -n 's/.*"phone":"\([^"\\]*\)".*/\1/p')
if [ -z "$phone" ]; then
    echo "There is no phone number to text"
    exit 1
fi
printf 'To %s: your FocusFlow code is 123456\n' "$phone" >> "${SIGNUP_OUTBOX:-/dev/null}" || exit 2
exit 0
