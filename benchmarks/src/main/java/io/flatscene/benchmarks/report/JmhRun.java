package io.flatscene.benchmarks.report;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A JMH run as its {@code -rf json} file records it: the figures, the profile they were measured with and the JVM
 * options of the forks, which the report shows so that a reader can check that no fork ran with assertions on.
 */
record JmhRun(List<JmhResult> results, List<String> profiles, List<String> jvmOptions, String jvm) {

    static JmhRun read(Path json) throws IOException {
        try (Reader reader = Files.newBufferedReader(json, StandardCharsets.UTF_8)) {
            return read(reader);
        }
    }

    static JmhRun read(Reader reader) {
        List<JmhResult> results = new ArrayList<>();
        Set<String> profiles = new LinkedHashSet<>();
        Set<String> jvmOptions = new LinkedHashSet<>();
        String jvm = "";
        for (JsonElement element : JsonParser.parseReader(reader).getAsJsonArray()) {
            JsonObject benchmark = element.getAsJsonObject();
            String name = benchmark.get("benchmark").getAsString();
            int dot = name.lastIndexOf('.');
            JsonObject metric = benchmark.getAsJsonObject("primaryMetric");
            results.add(new JmhResult(name.substring(0, dot), name.substring(dot + 1), params(benchmark),
                    metric.get("score").getAsDouble(), metric.get("scoreError").getAsDouble(),
                    metric.get("scoreUnit").getAsString()));
            secondary(benchmark, name.substring(0, dot), name.substring(dot + 1), results);
            profiles.add(String.format("%s fork(s), warmup %s × %s, measurement %s × %s",
                    text(benchmark, "forks"), text(benchmark, "warmupIterations"), text(benchmark, "warmupTime"),
                    text(benchmark, "measurementIterations"), text(benchmark, "measurementTime")));
            jvmOptions.add(jvmArgs(benchmark));
            jvm = String.format("%s %s (JDK %s)", text(benchmark, "vmName"), text(benchmark, "vmVersion"),
                    text(benchmark, "jdkVersion"));
        }
        return new JmhRun(List.copyOf(results), List.copyOf(profiles), List.copyOf(jvmOptions), jvm);
    }

    /**
     * A benchmark's own auxiliary figures ({@code @AuxCounters}, such as a file's size against the data it holds) join
     * the results as method {@code method:counter}, each the mean of its iterations: JMH's score for an event
     * counter is their sum. Profilers' figures (named from {@code ·}) are left out.
     */
    private static void secondary(JsonObject benchmark, String benchmarkClass, String method,
            List<JmhResult> results) {
        if (!benchmark.has("secondaryMetrics")) {
            return;
        }
        for (Map.Entry<String, JsonElement> entry : benchmark.getAsJsonObject("secondaryMetrics").entrySet()) {
            if (entry.getKey().startsWith("·")) {
                continue;
            }
            JsonObject metric = entry.getValue().getAsJsonObject();
            double sum = 0;
            int count = 0;
            for (JsonElement fork : metric.getAsJsonArray("rawData")) {
                for (JsonElement value : fork.getAsJsonArray()) {
                    sum += value.getAsDouble();
                    count++;
                }
            }
            results.add(new JmhResult(benchmarkClass, method + ":" + entry.getKey(), params(benchmark),
                    count == 0 ? Double.NaN : sum / count, 0, metric.get("scoreUnit").getAsString()));
        }
    }

    /** Whether some fork ran with Java assertions enabled, which would make every figure pay for the checks. */
    boolean assertionsEnabled() {
        return jvmOptions.stream().flatMap(options -> List.of(options.split(" ")).stream())
                .anyMatch(option -> option.equals("-ea") || option.startsWith("-ea:")
                        || option.startsWith("-enableassertions"));
    }

    private static Map<String, String> params(JsonObject benchmark) {
        Map<String, String> params = new LinkedHashMap<>();
        if (benchmark.has("params")) {
            benchmark.getAsJsonObject("params").entrySet()
                    .forEach(entry -> params.put(entry.getKey(), entry.getValue().getAsString()));
        }
        return Collections.unmodifiableMap(params);
    }

    private static String jvmArgs(JsonObject benchmark) {
        List<String> args = new ArrayList<>();
        if (benchmark.has("jvmArgs")) {
            benchmark.getAsJsonArray("jvmArgs").forEach(arg -> args.add(arg.getAsString()));
        }
        return String.join(" ", args);
    }

    private static String text(JsonObject benchmark, String key) {
        return benchmark.has(key) ? benchmark.get(key).getAsString() : "?";
    }
}
