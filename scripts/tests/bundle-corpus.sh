#!/bin/sh
# Fills DIR with the files bundle-corpus.tsv names, DIR/<owner>+<name>/<path>,
# from bare git copies of their repositories: MIRRORS/<owner>+<name>/repo
# (as `git clone --bare https://github.com/<owner>/<name> repo` makes one).
# Usage: scripts/tests/bundle-corpus.sh MIRRORS DIR
set -eu
mirrors=$1
dir=$2
list=$(dirname "$0")/bundle-corpus.tsv
grep -v '^#' "$list" | while IFS="$(printf '\t')" read -r repo commit path _; do
    folder=$(printf '%s' "$repo" | tr / +)
    mkdir -p "$dir/$folder/$(dirname "$path")"
    git -C "$mirrors/$folder/repo" show "$commit:$path" >"$dir/$folder/$path"
done
echo "$(grep -vc '^#' "$list") files in $dir"
