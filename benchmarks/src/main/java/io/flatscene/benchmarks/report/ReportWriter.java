package io.flatscene.benchmarks.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

/**
 * Writes the benchmark report from a JMH JSON result file and {@code FootprintBenchmark}'s printout:
 * {@code <date>.md} and {@code <date>.png} to keep, and {@code latest.md} and {@code latest.png}, which the README
 * links. {@code benchmarks/report.sh} runs the benchmarks and then this:
 * {@code java -cp benchmarks/target/benchmarks.jar io.flatscene.benchmarks.report.ReportWriter RESULTS.json
 * FOOTPRINT.txt OUT_DIR}.
 */
public final class ReportWriter {
    private static final String LATEST = "latest";

    private ReportWriter() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            System.err.println("usage: ReportWriter JMH_RESULTS.json FOOTPRINT.txt OUT_DIR");
            System.exit(2);
        }
        // Set before XChart loads AWT: the report is written on servers without a display.
        System.setProperty("java.awt.headless", "true");
        for (Path written : write(Path.of(args[0]), Path.of(args[1]), Path.of(args[2]), LocalDate.now())) {
            System.out.println("wrote " + written);
        }
    }

    static List<Path> write(Path jmhJson, Path footprintText, Path outDir, LocalDate date) throws IOException {
        JmhRun run = JmhRun.read(jmhJson);
        List<ResultGroup> groups = ResultGroup.of(run.results());
        Footprint footprint = Footprint.read(footprintText);
        List<Goal.Evaluation> goals = Goal.twoCores().stream().map(goal -> goal.evaluate(groups, footprint)).toList();
        MarkdownReport report = new MarkdownReport(date, run, groups, footprint, goals, Machine.detect(run));

        Files.createDirectories(outDir);
        Path datedChart = outDir.resolve(date + ".png");
        Path latestChart = outDir.resolve(LATEST + ".png");
        boolean charted = RatioChart.write(groups, datedChart);
        if (charted) {
            Files.copy(datedChart, latestChart, StandardCopyOption.REPLACE_EXISTING);
        } else {
            // A chart left from an earlier run would sit beside a report it does not belong to.
            Files.deleteIfExists(datedChart);
            Files.deleteIfExists(latestChart);
        }
        Path dated = outDir.resolve(date + ".md");
        Path latest = outDir.resolve(LATEST + ".md");
        Files.writeString(dated, report.render(chartName(charted, datedChart)), StandardCharsets.UTF_8);
        Files.writeString(latest, report.render(chartName(charted, latestChart)), StandardCharsets.UTF_8);
        return charted ? List.of(dated, datedChart, latest, latestChart) : List.of(dated, latest);
    }

    private static Optional<String> chartName(boolean charted, Path chart) {
        return charted ? Optional.of(chart.getFileName().toString()) : Optional.empty();
    }
}
