#!/bin/sh
# The example source of options "cities": focusflow run FLOW --options cities=Flows/cities.sh
#
# It reads one JSON line on stdin, {"field","source","query","answers"} ("query" only for a
# field with "search": true), and prints a JSON array of options, {"value","label"} each, or
# {"ok":false,"message":"…"} to refuse. A real source asks the service (curl, a database); this
# one knows the cities we deliver to, and keeps those whose name holds the query.
request=$(cat)
query=$(printf '%s\n' "$request" | sed -n 's/.*"query":"\([^"\\]*\)".*/\1/p' | tr '[:upper:]' '[:lower:]')
out='['
sep=''
for city in Seoul:seoul Busan:busan Incheon:incheon Daegu:daegu Daejeon:daejeon Gwangju:gwangju; do
    label=${city%%:*}
    value=${city##*:}
    case $value in
    *"$query"*) out="$out$sep{\"value\":\"$value\",\"label\":\"$label\"}"; sep=',' ;;
    esac
done
printf '%s]\n' "$out"
