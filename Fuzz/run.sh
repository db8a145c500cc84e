#!/usr/bin/env bash
# Runs the libFuzzer targets built from Fuzz/Package.swift, one after another (see Fuzz/README.md).
#
#   Fuzz/run.sh --bin-dir DIR --seconds N [--regression] [TARGET...] [-- LIBFUZZER_FLAG...]
#
# Each target starts from its seeds: files already in the repository (broken and valid configs, the
# showcase, the test scripts) and Fuzz/Corpus/TARGET (doc examples, control requests, reproducers
# of fixed crashes). A campaign keeps what it finds in .build/fuzz/corpus/TARGET, so the next one
# starts further on; a regression run (`make test`) starts from the seeds alone, in a temporary copy.
# Any crash, timeout or memory blow-up fails the run; the input is kept in .build/fuzz/artifacts/.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

all_targets=(fuzz-config fuzz-panel fuzz-control fuzz-script fuzz-expression)
bin_dir=""
seconds=""
regression=0
targets=()
extra=()
while [ $# -gt 0 ]; do
    case "$1" in
        --bin-dir) bin_dir=$2; shift 2 ;;
        --seconds) seconds=$2; shift 2 ;;
        --regression) regression=1; shift ;;
        -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        fuzz-*) targets+=("$1"); shift ;;
        --) shift; extra=("$@"); break ;;
        *) echo "run.sh: unknown argument '$1' (targets: ${all_targets[*]})" >&2; exit 2 ;;
    esac
done
[ -n "$bin_dir" ] && [ -n "$seconds" ] || { echo "usage: Fuzz/run.sh --bin-dir DIR --seconds N [--regression] [TARGET...] [-- LIBFUZZER_FLAG...]" >&2; exit 2; }
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")

# The configs that load with the standard components: the panel fuzzer's seeds, and the config
# fuzzer's with those that do not.
loading_configs="Config/kiosk.yaml Tests/KioskConfigTests/Valid/* Fuzz/Corpus/fuzz-config/*"

# The seed files of a target, one per line.
# shellcheck disable=SC2086 # the globs in loading_configs expand here
seeds() {
    case "$1" in
        fuzz-config) ls $loading_configs Examples/GaugeKiosk/kiosk.yaml Tests/KioskConfigTests/Broken/* ;;
        # A broken config, or GaugeKiosk's with its own component, ends at the loader, which
        # fuzz-config covers.
        fuzz-panel) ls $loading_configs ;;
        fuzz-control) ls Fuzz/Corpus/fuzz-control/* ;;
        fuzz-script) ls Tests/Scripts/*.yaml Fuzz/Corpus/fuzz-script/* ;;
        fuzz-expression) ls Fuzz/Corpus/fuzz-expression/* ;;
        *) echo "run.sh: no target '$1' (targets: ${all_targets[*]})" >&2; return 1 ;;
    esac
}

# The dictionary of a target: the panel fuzzer writes configs, as the config fuzzer does.
dictionary() {
    case "$1" in
        fuzz-panel) echo "Fuzz/Dictionaries/fuzz-config.dict" ;;
        *) echo "Fuzz/Dictionaries/$1.dict" ;;
    esac
}

# Limits tighter than the defaults below, where a target's work is small by design: a formula is
# at most 4096 characters and its values at most 64 KiB of text, so a second's evaluation or a
# 64 MB allocation is a value built without bound (a source's list written into text hundreds of
# times over took 3 s and 860 MB before the text was bounded while it was written).
limits() {
    case "$1" in
        fuzz-expression) echo "-timeout=2 -malloc_limit_mb=64" ;;
    esac
}

scratch=""
trap '[ -z "$scratch" ] || rm -rf "$scratch"' EXIT
[ $regression -eq 0 ] || scratch=$(mktemp -d "${TMPDIR:-/tmp}/kiosk-fuzz.XXXXXX")

# Swift's own crash reporter would catch the signal of a failed precondition before libFuzzer
# does, and its memory reads upset AddressSanitizer: leave crashes to libFuzzer, which saves the input.
export SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-enable=no}

failed=()
for target in "${targets[@]}"; do
    binary="$bin_dir/$target"
    [ -x "$binary" ] || { echo "run.sh: $binary is not built (make fuzz-build)" >&2; exit 1; }
    if [ $regression -eq 1 ]; then corpus="$scratch/$target"; else corpus=".build/fuzz/corpus/$target"; fi
    artifacts=".build/fuzz/artifacts/$target"
    log=".build/fuzz/logs/$target.log"
    mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
    # Each seed is named after its path, slashes made dashes, so that seeds of the same name in
    # two directories (Config/kiosk.yaml, Examples/GaugeKiosk/kiosk.yaml) are both kept.
    seed_files=$(seeds "$target")
    for seed in $seed_files; do
        cp -n "$seed" "$corpus/${seed//\//-}"
    done

    echo "$target: fuzzing for ${seconds}s from $(ls "$corpus" | wc -l) inputs (log: $log)"
    # -timeout: an input that takes 10 s is a hang. -rss_limit_mb: a parser that allocates
    # without bound fails instead of taking the machine. One process: the machine is shared.
    status=0
    # shellcheck disable=SC2046 # the limits are words
    "$binary" "$corpus" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 $(limits "$target") \
        -dict="$(dictionary "$target")" -artifact_prefix="$artifacts/" -print_final_stats=1 \
        ${extra[@]+"${extra[@]}"} >"$log" 2>&1 || status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    if [ $status -ne 0 ]; then
        grep -E '^(==[0-9]+==ERROR|SUMMARY|.*Fatal error|artifact_prefix|Test unit written)' "$log" | head -20 || true
        echo "$target: FAILED (libFuzzer exit $status after ${runs:-?} runs); reproduce with: $binary <input above>"
        failed+=("$target")
    else
        echo "$target: ${runs:-?} runs, ${rate:-?} exec/s, no crash"
    fi
done

if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzzing found crashes in: ${failed[*]} (inputs in .build/fuzz/artifacts/)"
    exit 1
fi
