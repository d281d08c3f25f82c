package io.flatscene.benchmarks.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code FootprintBenchmark} printed: a row per tree and system ({@code tree system nodes bytes/node}). Lines
 * of any other shape (its header, a warning) are skipped, and the text is kept, so that a changed format still
 * reaches the report as printed rather than as nothing.
 */
final class Footprint {
    /** Its {@code %14.1f} follows the default locale, so the decimal separator may be a comma. */
    private static final Pattern ROW = Pattern.compile("(\\S+)\\s+(\\S+)\\s+(\\d+)\\s+(\\d+(?:[.,]\\d+)?)");

    record Row(String tree, String system, long nodes, double bytesPerNode) {
    }

    private final List<Row> rows;
    private final String text;

    private Footprint(List<Row> rows, String text) {
        this.rows = rows;
        this.text = text;
    }

    /** An absent file is a footprint that was not measured (the script goes on when the benchmark fails). */
    static Footprint read(Path file) throws IOException {
        return parse(Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "");
    }

    static Footprint parse(String text) {
        List<Row> rows = text.lines().map(String::strip).map(ROW::matcher).filter(Matcher::matches)
                .map(match -> new Row(match.group(1), match.group(2), Long.parseLong(match.group(3)),
                        Double.parseDouble(match.group(4).replace(',', '.'))))
                .toList();
        return new Footprint(rows, text.strip());
    }

    List<Row> rows() {
        return rows;
    }

    String text() {
        return text;
    }

    OptionalDouble bytesPerNode(String tree, String system) {
        return rows.stream().filter(row -> row.tree().equals(tree))
                .filter(row -> row.system().toLowerCase(Locale.ROOT).equals(system))
                .mapToDouble(Row::bytesPerNode).findFirst();
    }
}
