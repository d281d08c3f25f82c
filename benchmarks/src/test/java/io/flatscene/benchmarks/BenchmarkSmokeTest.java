package io.flatscene.benchmarks;

import io.flatscene.benchmarks.scene.FootprintBenchmark;
import io.flatscene.benchmarks.scene.TreeShape;
import java.io.IOException;
import java.io.InputStream;
import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Runs every benchmark once, at smoke sizes, so none rots between measurement runs. It asserts that each produced a
 * result and nothing about the figures. The benchmarks run in this JVM (no fork per benchmark), one single-shot
 * invocation each without warm-up; the set-up checks (a third of the grid visible, every instance drawn) still run.
 */
class BenchmarkSmokeTest {

    @Test
    void everyBenchmarkRunsAtSmokeSize() throws RunnerException, IOException {
        Options options = new OptionsBuilder()
                .include("io\\.flatscene\\.benchmarks\\.")
                .forks(0)
                .mode(Mode.SingleShotTime)
                .timeUnit(TimeUnit.MILLISECONDS)
                .warmupIterations(0)
                .measurementIterations(1)
                .param("scene", TreeShape.smoke.name())
                .param("tree", TreeShape.smoke.name())
                .param("fan", "10")
                .param("items", "2000")
                .param("instances", "1000")
                .shouldFailOnError(true)
                .build();
        Collection<RunResult> results = new Runner(options).run();

        Set<String> ran = new TreeSet<>();
        for (RunResult result : results) {
            ran.add(result.getParams().getBenchmark());
        }
        assertEquals(declaredBenchmarks(), ran);
    }

    @Test
    void footprintRunsAtSmokeSize() {
        FootprintBenchmark.main(new String[] {TreeShape.smoke.name()});
    }

    private static Set<String> declaredBenchmarks() throws IOException {
        Set<String> declared = new TreeSet<>();
        try (InputStream list = BenchmarkSmokeTest.class.getResourceAsStream(BenchmarkList.BENCHMARK_LIST)) {
            for (BenchmarkListEntry entry : BenchmarkList.readBenchmarkList(list)) {
                declared.add(entry.getUsername());
            }
        }
        return declared;
    }
}
