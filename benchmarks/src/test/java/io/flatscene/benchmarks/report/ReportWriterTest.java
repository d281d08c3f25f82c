package io.flatscene.benchmarks.report;

import java.io.IOException;
import java.io.StringReader;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReportWriterTest {
    private static final LocalDate DATE = LocalDate.of(2024, 5, 6);
    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    private static final String SCALAR_GOAL =
            "Full update, tree100k, scalar kernel (flatsceneScalar), against the naive JOML graph";

    @TempDir
    static Path out;

    private static String latest;

    @BeforeAll
    static void writeFixtureReport() throws IOException, URISyntaxException {
        System.setProperty("java.awt.headless", "true");
        ReportWriter.write(resource("jmh-results.json"), resource("footprint.txt"), out, DATE);
        latest = Files.readString(out.resolve("latest.md"));
    }

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(ReportWriterTest.class.getResource(name).toURI());
    }

    @Test
    void writesDatedAndLatestReportsEachLinkingItsOwnChart() throws IOException {
        assertTrue(latest.startsWith("# FlatScene benchmarks, 2024-05-06\n"));
        assertTrue(latest.contains("](latest.png)"));
        String dated = Files.readString(out.resolve("2024-05-06.md"));
        assertTrue(dated.contains("](2024-05-06.png)"));
        assertEquals(latest.replace("](latest.png)", "](2024-05-06.png)"), dated);
    }

    @Test
    void chartsArePngs() throws IOException {
        for (String chart : List.of("latest.png", "2024-05-06.png")) {
            byte[] bytes = Files.readAllBytes(out.resolve(chart));
            assertTrue(bytes.length > 10_000, chart + " holds a drawn chart, not an empty image");
            assertArrayEquals(PNG_SIGNATURE, Arrays.copyOf(bytes, PNG_SIGNATURE.length));
        }
    }

    @Test
    void tableHoldsScoreErrorUnitAndRatiosToFlatSceneAndTheBound() {
        assertTrue(latest.contains("""
                ### TransformUpdateBenchmark: scene=tree100k, moved=all

                | Method | Score | ± Error | Unit | × FlatScene | × streamBound |
                |---|--:|--:|---|--:|--:|
                | flatscene | 0.5000 | 0.01000 | ms/op | — | 2.00× |
                | flatsceneScalar | 2.000 | 0.04000 | ms/op | 4.00× | 8.00× |
                | jme | 20.00 | 0.4000 | ms/op | 40.0× | 80.0× |
                | joml | 3.000 | 0.06000 | ms/op | 6.00× | 12.0× |
                | libgdx | 4.000 | 0.08000 | ms/op | 8.00× | 16.0× |
                | streamBound | 0.2500 | 0.005000 | ms/op | 0.50× | — |

                """), latest);
    }

    @Test
    void aPeerMissingFromOneGroupIsLeftOutOfItsTable() {
        assertTrue(latest.contains("""
                ### TransformUpdateBenchmark: scene=tree100k, moved=tenPercent

                | Method | Score | ± Error | Unit | × FlatScene |
                |---|--:|--:|---|--:|
                | flatscene | 0.1000 | 0.002000 | ms/op | — |
                | jme | 2.500 | 0.05000 | ms/op | 25.0× |
                | joml | 3.000 | 0.06000 | ms/op | 30.0× |

                """), latest);
    }

    @Test
    void ratiosCompareTimesAcrossUnitsAndModes() {
        assertTrue(latest.contains("| jme | 30.00 | 1.500 | us/op | 600× |"), latest);
        assertTrue(latest.contains("| ogre1Registry | 4.000 | 0.2000 | ops/us | 5.00× |"), latest);
        assertTrue(latest.contains("| createDestroy1mJoml | 400.0 | 20.00 | ms/op | 5.00× |"), latest);
    }

    @Test
    void groupWithoutFlatSceneGetsTheBoundColumnOnlyAndAnUnknownErrorReadsNa() {
        assertTrue(latest.contains("""
                | Method | Score | ± Error | Unit | × primitiveFloor |
                |---|--:|--:|---|--:|
                | radix | 5.000 | 0.1000 | ms/op | 0.25× |
                | primitiveFloor | 20.00 | 1.000 | ms/op | — |
                """), latest);
        assertTrue(latest.contains("| flatscene | 1.500 | n/a | ms/op | — |"), latest);
    }

    @Test
    void goalsAreMetMissedOrNotMeasured() {
        assertTrue(latest.contains("| Full update, tree100k, against jME | ≥ 40× faster | 40.0× | met |"), latest);
        assertTrue(latest.contains("| Full update, tree100k, against libGDX | ≥ 8× faster | 8.00× | met |"));
        assertTrue(latest.contains(
                "| Full update, tree100k, against the naive JOML graph | ≥ 5× faster | 6.00× | met |"), latest);
        assertTrue(latest.contains("| Full update, tree100k, scalar kernel (flatsceneScalar), against the naive JOML "
                + "graph | ≥ 1.8× faster | 1.50× | missed |"), latest);
        assertTrue(latest.contains(
                "| Full update, tree100k, against the memory bound (streamBound) | ≤ 3× its time | 2.00× | met |"));
        assertTrue(latest.contains("| Full update, tree1m, against the memory bound (streamBound) | ≤ 1.5× its time "
                + "| — | not measured |"));
        assertTrue(latest.contains("| Cull + queue + sort, 100k items, 2 workers: a still scene against a moving one "
                + "| ≤ 0.2× its time | — | not measured |"), latest);
        assertTrue(latest.contains("| Transform pass, tree1m, 1 → 2 workers | ≥ 1.7× faster | 1.50× | missed |"),
                latest);
        assertTrue(latest.contains("| Cull + queue + sort with the camera moving, 1M items, 1 → 2 workers | ≥ 1.7× "
                + "faster | — | not measured |"), latest);
        assertTrue(latest.contains(
                "| Update after moving 10%, tree100k, against jME | ≥ 20× faster | 25.0× | met |"));
        assertTrue(latest.contains(
                "| Fan churn, 100k children, against jME | ≥ 1,000× faster | 600× | missed |"));
        // jME takes no worker count: measured once, it stands beside FlatScene's 2-worker figure
        assertTrue(latest.contains("| Still frame (cull + queue + sort, kept), 100k items, 2 workers, against jME "
                + "| ≥ 20× faster | 24.0× | met |"), latest);
        // the camera-moving frame is read beside the same jME figure: 36 ms over 4.5 ms
        assertTrue(latest.contains("| Cull + queue + sort with the camera moving, 100k items, 2 workers, against jME "
                + "| ≥ 10× faster | 8.00× | missed |"), latest);
        assertTrue(latest.contains("| Footprint, tree100k | ≤ 200 bytes per node | 180.4 bytes | met |"));
        assertTrue(latest.contains("| Footprint, tree1m | ≤ 200 bytes per node | 210.5 bytes | missed |"));
        assertTrue(latest.contains(
                "| Sparse-set sort of 1M by a float column, 3 more columns | ≤ 64 ms | 50.00 ms | met |"), latest);
        assertTrue(latest.contains("| Sparse-set sortAs of 1M, 3 more columns | ≤ 46 ms | — | not measured |"), latest);
        assertTrue(latest.contains(
                "| Still scene, tree100k, against moving every node | ≤ 0.02× its time | — | not measured |"), latest);
    }

    @Test
    void theScalarKernelGoalComparesFlatsceneScalarWithJomlAlone() {
        Goal goal = Goal.twoCores().stream()
                .filter(candidate -> candidate.name().equals(SCALAR_GOAL)).findFirst().orElseThrow();
        assertEquals("≥ 1.8× faster", goal.target());
        // flatscene itself is far ahead of joml here: the goal must read flatsceneScalar, not it
        Goal.Evaluation met = goal.evaluate(transformUpdate(0.1, 1.5, 3.0), Footprint.parse(""));
        assertEquals(2.0, met.measured().orElseThrow(), 1e-9);
        assertEquals("met", met.status());
        Goal.Evaluation missed = goal.evaluate(transformUpdate(0.1, 2.0, 3.0), Footprint.parse(""));
        assertEquals("missed", missed.status());
        Goal.Evaluation notMeasured = goal.evaluate(transformUpdate(0.1, Double.NaN, 3.0), Footprint.parse(""));
        assertEquals("not measured", notMeasured.status());
    }

    @Test
    void footprintRowsAreParsedWhateverTheDecimalSeparator() {
        assertTrue(latest.contains("| tree100k | jme | 100,011 | 1,451 | 8.04× |"), latest);
        assertTrue(latest.contains("| tree1m | flatscene | 1,000,101 | 210.5 | — |"), latest);
        assertFalse(latest.contains("WARNING"));
    }

    @Test
    void unparsedFootprintIsQuotedAsPrinted() {
        Footprint footprint = Footprint.parse("tree system nodes bytes/node\nsomething else entirely\n");
        assertTrue(footprint.rows().isEmpty());
        assertEquals("tree system nodes bytes/node\nsomething else entirely", footprint.text());
    }

    @Test
    void machineSectionNamesTheForksOptionsAndThatAssertionsWereOff() {
        assertTrue(latest.contains("- JVM options of the forks: `-Xms6g -Xmx6g`; `-Xms4g -Xmx4g`\n"), latest);
        assertTrue(latest.contains("- Assertions: off in every fork\n"));
        assertTrue(latest.contains("- JDK: "));
        assertTrue(latest.contains("OpenJDK 64-Bit Server VM 17.0.15+6-Debian-1deb12u1 (JDK 17.0.15)"));
        assertTrue(latest.contains("- Cores: " + Runtime.getRuntime().availableProcessors() + " available"));
    }

    @Test
    void assertionsInAForkAreFlagged() {
        JmhRun run = JmhRun.read(new StringReader("""
                [{"benchmark": "a.B.flatscene", "jvmArgs": ["-Xmx1g", "-ea"],
                  "primaryMetric": {"score": 1.0, "scoreError": "NaN", "scoreUnit": "ms/op"}}]
                """));
        assertTrue(run.assertionsEnabled());
        assertEquals("?", run.jvm().substring(0, 1), "fields JMH always writes may still be missing");
    }

    @Test
    void sceneFileGoalsReadTheLoadTimesAndTheFileSizeCounterAsTheMeanOfItsIterations() {
        List<ResultGroup> groups = ResultGroup.of(JmhRun.read(new StringReader("""
                [{"benchmark": "io.flatscene.benchmarks.scene.SceneFileBenchmark.loadFlatscene",
                  "params": {"scene": "tree1m"},
                  "primaryMetric": {"score": 150.0, "scoreError": "NaN", "scoreUnit": "ms/op"}},
                 {"benchmark": "io.flatscene.benchmarks.scene.SceneFileBenchmark.loadJme",
                  "params": {"scene": "tree1m"},
                  "primaryMetric": {"score": 3000.0, "scoreError": "NaN", "scoreUnit": "ms/op"}},
                 {"benchmark": "io.flatscene.benchmarks.scene.SceneFileBenchmark.saveFlatscene",
                  "params": {"scene": "tree1m"},
                  "primaryMetric": {"score": 90.0, "scoreError": "NaN", "scoreUnit": "ms/op"},
                  "secondaryMetrics": {
                    "fileToFlatBytes": {"score": 3.06, "scoreUnit": "#", "rawData": [[1.02, 1.02, 1.02]]},
                    "\u00b7gc.alloc.rate": {"score": 9.0, "scoreUnit": "MB/sec", "rawData": [[9.0]]}}}]
                """)).results());
        List<Goal.Evaluation> evaluations = Goal.twoCores().stream()
                .filter(goal -> goal.name().startsWith("Scene file"))
                .map(goal -> goal.evaluate(groups, Footprint.parse(""))).toList();
        assertEquals(3, evaluations.size());
        assertEquals(20.0, evaluations.get(0).measured().getAsDouble(), 1e-9);
        assertEquals(150.0, evaluations.get(1).measured().getAsDouble(), 1e-9);
        assertEquals(1.02, evaluations.get(2).measured().getAsDouble(), 1e-9);
        assertTrue(evaluations.stream().allMatch(Goal.Evaluation::met));
        assertEquals(4, groups.get(0).results().size(), "the profiler's figure is left out");
    }

    /**
     * The moving-scene query goals, on 2 workers: the refit over the bounds pass of the same run, and the sphere
     * query's time over the mean of its items-found counter's iterations (JMH's score for it is their sum).
     */
    @Test
    void movingQueryGoalsReadTheRefitOverTheBoundsPassAndTheSphereTimeAnItemFound() {
        List<ResultGroup> groups = ResultGroup.of(JmhRun.read(new StringReader("""
                [{"benchmark": "io.flatscene.benchmarks.scene.QueryBenchmark.movingBounds",
                  "params": {"items": "100000", "workers": "2"},
                  "primaryMetric": {"score": 4000.0, "scoreError": "NaN", "scoreUnit": "us/op"}},
                 {"benchmark": "io.flatscene.benchmarks.scene.QueryBenchmark.movingRefit",
                  "params": {"items": "100000", "workers": "2"},
                  "primaryMetric": {"score": 9000.0, "scoreError": "NaN", "scoreUnit": "us/op"}},
                 {"benchmark": "io.flatscene.benchmarks.scene.QueryBenchmark.movingSphere",
                  "params": {"items": "100000", "workers": "2"},
                  "primaryMetric": {"score": 60.0, "scoreError": "NaN", "scoreUnit": "us/op"},
                  "secondaryMetrics": {
                    "hitsPerQuery": {"score": 4500.0, "scoreUnit": "#", "rawData": [[1500.0, 1500.0, 1500.0]]}}},
                 {"benchmark": "io.flatscene.benchmarks.scene.QueryBenchmark.movingSphere",
                  "params": {"items": "100000", "workers": "1"},
                  "primaryMetric": {"score": 30.0, "scoreError": "NaN", "scoreUnit": "us/op"},
                  "secondaryMetrics": {
                    "hitsPerQuery": {"score": 4500.0, "scoreUnit": "#", "rawData": [[1500.0, 1500.0, 1500.0]]}}}]
                """)).results());
        List<Goal.Evaluation> evaluations = Goal.twoCores().stream()
                .filter(goal -> goal.name().startsWith("Query index refit") || goal.name().startsWith("Sphere query"))
                .map(goal -> goal.evaluate(groups, Footprint.parse(""))).toList();
        assertEquals(2, evaluations.size());
        assertEquals(2.25, evaluations.get(0).measured().getAsDouble(), 1e-9);
        assertEquals("missed", evaluations.get(0).status());
        assertEquals(40.0, evaluations.get(1).measured().getAsDouble(), 1e-9, "60 us over 1,500 items, 2 workers");
        assertEquals("met", evaluations.get(1).status());
    }

    @Test
    void cpuModelComesFromCpuinfo() {
        assertEquals("AMD EPYC 7B13", Machine.cpuModel(List.of("processor\t: 0", "model name\t: AMD EPYC 7B13")));
        assertEquals("", Machine.cpuModel(List.of("processor\t: 0", "BogoMIPS\t: 50.00")));
    }

    @Test
    void runWithoutPeersWritesNoChartAndRemovesAStaleOne(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("sort.json");
        Files.writeString(json, """
                [{"benchmark": "io.flatscene.benchmarks.visibility.SortBenchmark.radix",
                  "primaryMetric": {"score": 5.0, "scoreError": 0.1, "scoreUnit": "ms/op"}}]
                """);
        Files.write(dir.resolve("latest.png"), new byte[] {1});
        List<Path> written = ReportWriter.write(json, dir.resolve("absent.txt"), dir, DATE);
        assertEquals(List.of(dir.resolve("2024-05-06.md"), dir.resolve("latest.md")), written);
        assertFalse(Files.exists(dir.resolve("latest.png")));
        String report = Files.readString(dir.resolve("latest.md"));
        assertFalse(report.contains(".png"));
        assertTrue(report.contains("## Footprint\n\nNot measured in this run.\n"));
    }

    /**
     * A TransformUpdateBenchmark run at tree100k, moved=all, of {@code flatscene}, {@code flatsceneScalar} (left out
     * where NaN) and {@code joml}, in ms/op.
     */
    private static List<ResultGroup> transformUpdate(double flatscene, double flatsceneScalar, double joml) {
        StringBuilder json = new StringBuilder("[");
        json.append(result("flatscene", flatscene));
        if (!Double.isNaN(flatsceneScalar)) {
            json.append(',').append(result("flatsceneScalar", flatsceneScalar));
        }
        json.append(',').append(result("joml", joml)).append(']');
        return ResultGroup.of(JmhRun.read(new StringReader(json.toString())).results());
    }

    private static String result(String method, double millis) {
        return """
                {"benchmark": "io.flatscene.benchmarks.scene.TransformUpdateBenchmark.%s",
                 "params": {"scene": "tree100k", "moved": "all"},
                 "primaryMetric": {"score": %s, "scoreError": "NaN", "scoreUnit": "ms/op"}}
                """.formatted(method, millis);
    }
}
