package io.flatscene.benchmarks.report;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/** The report as markdown: goals first, because they are what a reader opens it for, then every table. */
record MarkdownReport(LocalDate date, JmhRun run, List<ResultGroup> groups, Footprint footprint,
        List<Goal.Evaluation> goals, Machine machine) {

    /** {@code chart} is the PNG's file name next to the markdown, empty when the run had no ratio to draw. */
    String render(Optional<String> chart) {
        StringBuilder out = new StringBuilder();
        out.append("# FlatScene benchmarks, ").append(date).append("\n\n");
        out.append("""
                Every figure was measured in one JMH run on the machine described at the end. Each table holds the \
                methods measured side by side under one set of parameters. **× FlatScene** is a method's time over \
                FlatScene's: how many times slower than FlatScene it is. **× bound** is a method's time over the \
                floor measured in the same run (`streamBound` streams the nodes' bytes through memory and does \
                nothing else). Scores are JMH's means ± the half-width of their 99.9% confidence interval.

                """);
        out.append("Profile: ").append(String.join("; ", run.profiles())).append(".\n\n");
        chart.ifPresent(png -> out.append("![Peer time over FlatScene time, per benchmark](").append(png)
                .append(")\n\n"));
        appendGoals(out);
        appendResults(out);
        appendFootprint(out);
        appendMachine(out);
        return out.toString();
    }

    private void appendGoals(StringBuilder out) {
        out.append("## Goals\n\n");
        if (machine.cores() != 2) {
            out.append("The goals are set for 2 cores; this machine has ").append(machine.cores()).append(".\n\n");
        }
        out.append("| Goal | Target | Measured | Status |\n|---|---|--:|---|\n");
        for (Goal.Evaluation goal : goals) {
            String measured = goal.measured().isEmpty() ? "—" : goal.goal().unit().equals("×")
                    ? ratio(goal.measured().getAsDouble()) : number(goal.measured().getAsDouble()) + goal.goal().unit();
            out.append(row(goal.goal().name(), goal.goal().target(), measured, goal.status()));
        }
        out.append('\n');
    }

    private void appendResults(StringBuilder out) {
        out.append("## Results\n\n");
        for (ResultGroup group : groups) {
            Optional<JmhResult> flatScene = group.flatScene();
            Optional<JmhResult> bound = group.bound();
            out.append("### ").append(group.title()).append("\n\n");
            List<String> header = new ArrayList<>(List.of("Method", "Score", "± Error", "Unit"));
            flatScene.ifPresent(result -> header.add("× FlatScene"));
            bound.ifPresent(result -> header.add("× " + result.method()));
            out.append(row(header.toArray(String[]::new)));
            out.append("|---|--:|--:|---|").append("--:|".repeat(header.size() - 4)).append('\n');
            for (JmhResult result : ordered(group)) {
                List<String> cells = new ArrayList<>(List.of(result.method(), number(result.score()),
                        number(result.error()), result.unit()));
                flatScene.ifPresent(reference -> cells.add(ratioCell(result, reference)));
                bound.ifPresent(reference -> cells.add(ratioCell(result, reference)));
                out.append(row(cells.toArray(String[]::new)));
            }
            out.append('\n');
        }
    }

    /** FlatScene first, its peers in the order they ran, the floor last: the baseline, then what it is read against. */
    private static List<JmhResult> ordered(ResultGroup group) {
        List<JmhResult> rows = new ArrayList<>();
        group.flatScene().ifPresent(rows::add);
        Optional<JmhResult> bound = group.bound();
        group.results().stream().filter(result -> !rows.contains(result) && !bound.equals(Optional.of(result)))
                .forEach(rows::add);
        bound.filter(result -> !rows.contains(result)).ifPresent(rows::add);
        return rows;
    }

    private static String ratioCell(JmhResult result, JmhResult reference) {
        return result == reference ? "—" : ratio(ResultGroup.ratio(result, reference));
    }

    private void appendFootprint(StringBuilder out) {
        out.append("## Footprint\n\n");
        if (footprint.rows().isEmpty()) {
            out.append(footprint.text().isEmpty() ? "Not measured in this run.\n\n"
                    : "`FootprintBenchmark` printed:\n\n```\n" + footprint.text() + "\n```\n\n");
            return;
        }
        out.append("Bytes per node, from the heap after GC (`FootprintBenchmark`, a JVM of its own).\n\n");
        out.append(row("Tree", "System", "Nodes", "Bytes per node", "× FlatScene"));
        out.append("|---|---|--:|--:|--:|\n");
        for (Footprint.Row row : footprint.rows()) {
            OptionalDouble flatScene = footprint.bytesPerNode(row.tree(), "flatscene");
            String times = row.system().equalsIgnoreCase("flatscene") || flatScene.isEmpty() ? "—"
                    : ratio(row.bytesPerNode() / flatScene.getAsDouble());
            out.append(row(row.tree(), row.system(), String.format(Locale.ROOT, "%,d", row.nodes()),
                    number(row.bytesPerNode()), times));
        }
        out.append('\n');
    }

    private void appendMachine(StringBuilder out) {
        out.append("## Machine\n\n");
        out.append("- CPU: ").append(machine.cpu()).append('\n');
        out.append("- Cores: ").append(machine.cores()).append(" available to the JVM\n");
        out.append("- JDK: ").append(machine.jdk()).append('\n');
        out.append("- OS: ").append(machine.os()).append('\n');
        out.append("- JVM options of the forks: ").append(String.join("; ", run.jvmOptions().stream()
                .map(options -> options.isEmpty() ? "none" : "`" + options + "`").toList())).append('\n');
        out.append("- Assertions: ").append(run.assertionsEnabled()
                ? "**enabled** in some fork, so these figures include assertion checks"
                : "off in every fork").append('\n');
        out.append("- Date: ").append(date).append('\n');
    }

    private static String row(String... cells) {
        return "| " + String.join(" | ", cells) + " |\n";
    }

    /** NaN is an error JMH could not estimate (a single iteration); it reads n/a rather than as a number. */
    static String number(double value) {
        if (!Double.isFinite(value)) {
            return "n/a";
        }
        double magnitude = Math.abs(value);
        if (magnitude >= 1_000) {
            return String.format(Locale.ROOT, "%,.0f", value);
        }
        // Four significant digits whatever the unit: 0.01234 ms/op keeps as many as 12.34 ms/op.
        int decimals = magnitude == 0 ? 0 : 3 - (int) Math.floor(Math.log10(magnitude));
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }

    static String ratio(double value) {
        if (!Double.isFinite(value)) {
            return "—";
        }
        if (value >= 100) {
            return String.format(Locale.ROOT, "%,.0f×", value);
        }
        return String.format(Locale.ROOT, value >= 10 ? "%.1f×" : "%.2f×", value);
    }
}
