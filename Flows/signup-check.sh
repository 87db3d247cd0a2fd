#!/bin/sh
# The example checker of Flows/signup.json: focusflow run Flows/signup.json
#   --check nickname-free=Flows/signup-check.sh --check code-valid=Flows/signup-check.sh
#
# It reads one JSON line on stdin, {"field","check","value","answers"}, and answers by its exit
# status: 0 passes, 1 refuses with the first line it prints, anything else means the check
# could not be made. A real checker asks the service (curl, a database); this one knows three
# taken nicknames and the code the example sender pretends to text.
request=$(cat)
check=$(printf '%s\n' "$request" | sed -n 's/^{"field":"[^"]*","check":"\([^"]*\)".*/\1/p')
value=$(printf '%s\n' "$request" | sed -n 's/^{"field":"[^"]*","check":"[^"]*","value":"\([^"\\]*\)".*/\1/p')
case $check in
nickname-free)
    case $value in
    admin | root | focusflow) echo "\"$value\" is taken; try another nickname"; exit 1 ;;
    esac
    exit 0 ;;
code-valid)
    [ "$value" = 123456 ] && exit 0
    echo "That is not the code we sent; check it, or press Ctrl-R to send a new one"
    exit 1 ;;
esac
# A check this program does not know: it cannot say.
exit 2
