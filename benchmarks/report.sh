#!/usr/bin/env bash
# Builds the benchmarks, runs the side-by-side benchmarks and FootprintBenchmark, and writes the report:
# benchmarks/results/<YYYY-MM-DD>.md and .png, and latest.md and latest.png, which the README links.
#
#   benchmarks/report.sh [--quick] [REGEX] [-- JMH OPTIONS...]
#
# REGEX selects benchmarks as JMH does (default: every class the goals table reads, which measure FlatScene beside
# its peers or a bound); JMH OPTIONS are added to the JMH command line, so `-- -p scene=tree100k` narrows them.
#
# The default profile is one fork, 2 warmup and 4 measurement iterations of 1 s: about 10 s per benchmark run,
# setup included, and about 130 runs with every peer present, so about 20 minutes on 2 cores with the build and the
# footprint. --quick is one 0.5 s warmup and two 0.5 s measurements: a check that everything runs, not figures to
# quote. Neither enables assertions: the forks inherit this JVM's options, and nothing here passes -ea.
# The benchmarks' @Fork annotations append the heap size and --add-modules jdk.incubator.vector, so that FlatScene's
# default transform kernel (AUTO) is the vector one; a -jvmArgsAppend among the JMH OPTIONS replaces those
# (JMH's command line wins over the annotation), so pass extra JVM options with -jvmArgs or -jvmArgsPrepend instead.
set -euo pipefail

usage() {
  sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
}

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
regex='\.(TransformUpdate|TransformScaling|Churn|CullQueue|Sort|SparseSetSort|FramePrepare|Query|SceneFile)Benchmark\.'
profile=(-f 1 -wi 2 -w 1s -i 4 -r 1s)
jmh_options=()
while (($# > 0)); do
  case "$1" in
    --quick) profile=(-f 1 -wi 1 -w 500ms -i 2 -r 500ms); shift ;;
    -h|--help) usage; exit 0 ;;
    --) shift; jmh_options=("$@"); break ;;
    -*) echo "report.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
    *) regex="$1"; shift ;;
  esac
done

# Options in these variables reach every JVM, the forks included, where the report could not see them.
for variable in JAVA_TOOL_OPTIONS JDK_JAVA_OPTIONS _JAVA_OPTIONS; do
  if [[ "${!variable:-}" =~ (^|[[:space:]])-(ea|enableassertions)([:[:space:]]|$) ]]; then
    echo "report.sh: $variable enables assertions, which would slow every figure; unset it" >&2
    exit 2
  fi
done

cd "$root"
jar=benchmarks/target/benchmarks.jar
work=benchmarks/target/report
mkdir -p "$work"

mvn -B -q -DskipTests -pl benchmarks -am package

java -jar "$jar" "$regex" "${profile[@]}" -rf json -rff "$work/jmh.json" ${jmh_options[@]+"${jmh_options[@]}"}

# A failed footprint should not cost the figures the run took minutes to measure: the report shows the rows it
# printed before failing, or says that it is missing. The heap is the forks' size, room for the 1M-node trees, and
# the incubator module theirs too, so that the scene is the one the transform benchmarks measure.
if ! java -Xmx6g --add-modules jdk.incubator.vector -cp "$jar" io.flatscene.benchmarks.scene.FootprintBenchmark \
    | tee "$work/footprint.txt"; then
  echo "report.sh: FootprintBenchmark failed; the report has only what it printed" >&2
fi

java -Djava.awt.headless=true -cp "$jar" io.flatscene.benchmarks.report.ReportWriter \
  "$work/jmh.json" "$work/footprint.txt" benchmarks/results
