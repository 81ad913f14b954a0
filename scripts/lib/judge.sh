# Shared by scripts/check-samples and scripts/bundle: find the crates, and
# judge a program on a crate's samples the way an online judge does.
# Source it; it defines functions and the counters JUDGE_PASSED/JUDGE_FAILED.

JUDGE_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
JUDGE_PASSED=0
JUDGE_FAILED=0
# How many lines around the first difference a failure shows.
JUDGE_CONTEXT_LINES=${JUDGE_CONTEXT_LINES:-3}

# Every crate of the workspace, one name a line, in name order.
judge_all_crates() {
    local manifest
    for manifest in "$JUDGE_ROOT"/crates/*/Cargo.toml; do
        [ -e "$manifest" ] || continue
        basename "$(dirname "$manifest")"
    done
}

# Exits with status 2 unless every argument names a crate of the workspace.
judge_require_crates() {
    local name
    for name in "$@"; do
        if [ ! -f "$JUDGE_ROOT/crates/$name/Cargo.toml" ]; then
            echo "error: no crate named '$name' under crates/ (have: $(judge_all_crates | tr '\n' ' '))" >&2
            exit 2
        fi
    done
}

# judge_metadata_number CRATE KEY: the whole number KEY is set to in the
# crate's Cargo.toml ([package.metadata.judge]); the first one, which is the
# main judge's. Prints nothing when the key is not there.
judge_metadata_number() {
    sed -n "s/^[[:space:]]*$2[[:space:]]*=[[:space:]]*\\([0-9][0-9]*\\).*/\\1/p" \
        "$JUDGE_ROOT/crates/$1/Cargo.toml" | head -n 1
}

# The `time-limit-ms` of the crate's [package.metadata.judge] table; the
# first one is the main judge's, which is the strictest by convention.
judge_time_limit_ms() {
    local limit
    limit=$(judge_metadata_number "$1" time-limit-ms)
    if [ -z "$limit" ]; then
        echo "error: crates/$1/Cargo.toml has no time-limit-ms in [package.metadata.judge]" >&2
        exit 2
    fi
    echo "$limit"
}

# The sample cases of a crate: the stems (file names without .in/.out) found
# in its samples folder, in natural order (2 before 10).
judge_sample_stems() {
    local dir=$JUDGE_ROOT/samples/$1 file
    [ -d "$dir" ] || return 0
    for file in "$dir"/*.in "$dir"/*.out; do
        [ -e "$file" ] || continue
        file=${file##*/}
        echo "${file%.*}"
    done | sort -uV
}

# Shows lines around line $3 of expected ($1) and actual ($2) output, with
# the whitespace made visible: `$` ends a line, `^M` is a carriage return,
# `^I` a tab; a last line without `$` has no final newline.
judge_show_difference() {
    local expected=$1 actual=$2 line=$3
    local from=$((line > JUDGE_CONTEXT_LINES ? line - JUDGE_CONTEXT_LINES : 1))
    local to=$((line + JUDGE_CONTEXT_LINES))
    echo "    first difference at line $line; lines $from-$to, whitespace shown (\$ = end of line):"
    local name file shown
    for name in expected actual; do
        file=$expected
        [ "$name" = actual ] && file=$actual
        # $(...) drops the final newline, so a missing one shows as a last
        # line without `$`.
        shown=$(sed -n "${from},${to}p" "$file" | cat -A | sed 's/^/      | /')
        echo "    $name:"
        [ -n "$shown" ] && printf '%s\n' "$shown"
    done
}

# A file's content without its final newline, if it has one.
judge_without_final_newline() {
    if [ "$(tail -c 1 "$1" | wc -l)" -eq 1 ]; then
        head -c -1 "$1"
    else
        cat "$1"
    fi
}

# The verdict on actual output ($2) against expected ($1): AC when equal
# byte for byte, or equal but for a final newline; PE when only whitespace
# differs; WA otherwise.
judge_compare() {
    local expected=$1 actual=$2
    if cmp -s "$expected" "$actual" ||
        cmp -s <(judge_without_final_newline "$expected") <(judge_without_final_newline "$actual"); then
        echo AC
    elif cmp -s <(tr -s '[:space:]' '\n' <"$expected" | sed '/^$/d') \
        <(tr -s '[:space:]' '\n' <"$actual" | sed '/^$/d'); then
        echo PE
    else
        echo WA
    fi
}

# The line number of the first line where the two files differ.
judge_first_different_line() {
    local line
    line=$(cmp "$1" "$2" 2>/dev/null | sed -n 's/.*line \([0-9]*\).*/\1/p')
    if [ -z "$line" ]; then
        # One file is a prefix of the other: the difference is where the
        # shorter one ends.
        line=$(($(wc -l <"$1") < $(wc -l <"$2") ? $(wc -l <"$1") + 1 : $(wc -l <"$2") + 1))
    fi
    echo "$line"
}

judge_milliseconds_now() {
    local nanoseconds
    nanoseconds=$(date +%s%N)
    echo $((nanoseconds / 1000000))
}

# judge_samples LABEL CRATE PROGRAM...
# Runs PROGRAM on each sample of CRATE under the crate's time limit and
# prints one verdict line a case, labelled LABEL/<case>: AC, WA, PE, RE
# (non-zero exit), TLE, or ERROR for a case whose .in or .out is missing.
# Adds to JUDGE_PASSED and JUDGE_FAILED.
judge_samples() {
    local label=$1 crate=$2
    shift 2
    local dir=$JUDGE_ROOT/samples/$crate
    local limit_ms stems stem
    limit_ms=$(judge_time_limit_ms "$crate") || exit 2
    stems=$(judge_sample_stems "$crate")
    if [ -z "$stems" ]; then
        printf '%-5s %s: no samples under samples/%s/\n' ERROR "$label" "$crate"
        JUDGE_FAILED=$((JUDGE_FAILED + 1))
        return
    fi
    local scratch
    scratch=$(mktemp -d)
    for stem in $stems; do
        local input=$dir/$stem.in expected=$dir/$stem.out
        local actual=$scratch/$stem.actual errors=$scratch/$stem.stderr
        if [ ! -f "$input" ] || [ ! -f "$expected" ]; then
            local missing=$stem.out
            [ -f "$input" ] || missing=$stem.in
            printf '%-5s %s/%s: %s is missing\n' ERROR "$label" "$stem" "$missing"
            JUDGE_FAILED=$((JUDGE_FAILED + 1))
            continue
        fi
        local started finished elapsed status verdict
        started=$(judge_milliseconds_now)
        # A second past the limit, the program is killed: that is TLE.
        timeout -k 1 "$(((limit_ms + 1000) / 1000))" "$@" <"$input" >"$actual" 2>"$errors"
        status=$?
        finished=$(judge_milliseconds_now)
        elapsed=$((finished - started))
        if [ "$status" -eq 124 ] || [ "$status" -eq 137 ] || [ "$elapsed" -gt "$limit_ms" ]; then
            verdict=TLE
        elif [ "$status" -ne 0 ]; then
            verdict=RE
        else
            verdict=$(judge_compare "$expected" "$actual")
        fi
        printf '%-5s %s/%s  %d ms\n' "$verdict" "$label" "$stem" "$elapsed"
        if [ "$verdict" = AC ]; then
            JUDGE_PASSED=$((JUDGE_PASSED + 1))
            continue
        fi
        JUDGE_FAILED=$((JUDGE_FAILED + 1))
        case $verdict in
            TLE) echo "    time limit $limit_ms ms" ;;
            RE)
                local cause="exit status $status"
                [ "$status" -gt 128 ] && cause="$cause (killed by signal $((status - 128)))"
                echo "    $cause; stderr:"
                head -n 5 "$errors" | sed 's/^/      | /'
                ;;
            *) judge_show_difference "$expected" "$actual" "$(judge_first_different_line "$expected" "$actual")" ;;
        esac
    done
    rm -rf "$scratch"
}

# Prints the closing line and returns 0 only when nothing failed.
judge_summary() {
    echo "$JUDGE_PASSED passed, $JUDGE_FAILED failed"
    [ "$JUDGE_FAILED" -eq 0 ] && [ "$JUDGE_PASSED" -gt 0 ]
}
