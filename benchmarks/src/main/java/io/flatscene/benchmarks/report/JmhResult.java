package io.flatscene.benchmarks.report;

import java.util.Map;

/** One JMH figure: a benchmark method under one set of parameters, with JMH's score, error and unit. */
record JmhResult(String benchmarkClass, String method, Map<String, String> params, double score, double error,
        String unit) {

    String simpleClass() {
        return benchmarkClass.substring(benchmarkClass.lastIndexOf('.') + 1);
    }

    /**
     * Seconds per operation, whatever the mode and unit: one class reports {@code ns/op} next to {@code ms/op}, and a
     * throughput is the same figure inverted, so ratios are taken here and never between raw scores. NaN for a unit
     * that is not a time.
     */
    double secondsPerOp() {
        if (unit.startsWith("ops/")) {
            return seconds(unit.substring("ops/".length())) / score;
        }
        if (unit.endsWith("/op")) {
            return seconds(unit.substring(0, unit.length() - "/op".length())) * score;
        }
        return Double.NaN;
    }

    /** JMH's names for time units (its {@code TimeValue}). */
    private static double seconds(String unit) {
        return switch (unit) {
            case "ns" -> 1e-9;
            case "us" -> 1e-6;
            case "ms" -> 1e-3;
            case "s" -> 1;
            case "min" -> 60;
            case "hr" -> 3_600;
            case "day" -> 86_400;
            default -> Double.NaN;
        };
    }
}
