package io.flatscene.benchmarks;

import io.flatscene.benchmarks.scene.FootprintBenchmark;
import io.flatscene.benchmarks.scene.TreeShape;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
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
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs every benchmark once, at smoke sizes, so none rots between measurement runs. It asserts that each produced a
 * result and nothing about the timings; of the footprint run, that its sizes are plausible. The benchmarks run in this
 * JVM (no fork per benchmark), one single-shot invocation each without warm-up; the set-up checks (a third of the grid
 * visible, every instance drawn) still run.
 */
class BenchmarkSmokeTest {
    /** A local transform (position, orientation, scale: 10 floats) and a world matrix (12 floats). */
    private static final double TRANSFORM_BYTES = 22 * Float.BYTES;
    /** FlatScene's transform store a node (TransformStore's layout). */
    private static final double FLATSCENE_TRANSFORM_BYTES = 104;
    private static final double MOST_BYTES_PER_NODE = 16_384;

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

    /**
     * The footprint run prints one row per system for the smoke tree, and each row's bytes per node lie between what
     * a node's transform takes at the least and what would mean the run measured more than the tree. Every system
     * keeps at least a local transform (10 floats) and a world matrix (12 floats) a node: 88 bytes; FlatScene's
     * transform store alone keeps 104. The heap after GC also holds each system's fixed costs, shared by the smoke
     * tree's 223 nodes, so the upper bound is loose; a run that counted the whole heap, or the heap before the tree
     * was built, falls outside it.
     */
    @Test
    void footprintPrintsAPlausibleSizeForEverySystem() {
        Map<String, Double> bytesPerNode = new TreeMap<>();
        for (String line : footprintOutput().split("\\R")) {
            String[] columns = line.trim().split("\\s+");
            if (columns.length != 4 || columns[0].equals("tree")) {
                continue;
            }
            assertEquals(TreeShape.smoke.name(), columns[0], line);
            assertEquals(TreeShape.smoke.nodeCount(), Integer.parseInt(columns[2]), line);
            // printf wrote the figure in the default locale, which may use a decimal comma
            assertNull(bytesPerNode.put(columns[1], Double.parseDouble(columns[3].replace(',', '.'))), line);
        }
        assertEquals(Set.of("flatscene", "jme", "libgdx", "joml"), bytesPerNode.keySet());
        bytesPerNode.forEach((system, bytes) -> {
            double least = system.equals("flatscene") ? FLATSCENE_TRANSFORM_BYTES : TRANSFORM_BYTES;
            assertTrue(bytes >= least && bytes <= MOST_BYTES_PER_NODE,
                    system + ": " + bytes + " bytes a node, outside [" + least + ", " + MOST_BYTES_PER_NODE + "]");
        });
    }

    /** What {@link FootprintBenchmark} prints for the smoke tree. */
    private static String footprintOutput() {
        PrintStream out = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            FootprintBenchmark.main(new String[] {TreeShape.smoke.name()});
        } finally {
            System.setOut(out);
        }
        String text = printed.toString(StandardCharsets.UTF_8);
        out.print(text);
        return text;
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
