package io.flatscene.benchmarks.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The figures of one benchmark class under one set of parameters: the methods measured side by side in one run, so
 * the only figures whose ratios mean something. Methods are recognized by name, not by a fixed list, because the
 * peers present differ from run to run (a regex, a peer not written yet, a benchmark that failed).
 */
final class ResultGroup {
    private static final String FLATSCENE = "flatscene";

    private final String benchmarkClass;
    private final Map<String, String> params;
    private final List<JmhResult> results = new ArrayList<>();

    private ResultGroup(String benchmarkClass, Map<String, String> params) {
        this.benchmarkClass = benchmarkClass;
        this.params = params;
    }

    /**
     * Groups in the order JMH ran them. A peer that does not take one of FlatScene's parameters (a worker count means
     * nothing to jME) is measured once and joins every FlatScene group whose other parameters match its own.
     */
    static List<ResultGroup> of(List<JmhResult> results) {
        Map<List<Object>, ResultGroup> groups = new LinkedHashMap<>();
        for (JmhResult result : results) {
            groups.computeIfAbsent(List.of(result.benchmarkClass(), result.params()),
                    key -> new ResultGroup(result.benchmarkClass(), result.params())).results.add(result);
        }
        List<ResultGroup> kept = new ArrayList<>();
        for (ResultGroup group : groups.values()) {
            List<ResultGroup> hosts = group.flatScene().isPresent() ? List.of() : groups.values().stream()
                    .filter(host -> host.benchmarkClass.equals(group.benchmarkClass) && host.flatScene().isPresent()
                            && host.params.size() > group.params.size()
                            && host.params.entrySet().containsAll(group.params.entrySet()))
                    .toList();
            if (hosts.isEmpty()) {
                kept.add(group);
            } else {
                hosts.forEach(host -> host.results.addAll(group.results));
            }
        }
        return List.copyOf(kept);
    }

    /**
     * The group of the class with that simple name whose parameters include {@code params}: parameters added to a
     * benchmark later do not make a goal unmeasurable.
     */
    static Optional<ResultGroup> find(List<ResultGroup> groups, String simpleClass, Map<String, String> params) {
        return groups.stream()
                .filter(group -> group.simpleClass().equals(simpleClass))
                .filter(group -> group.params.entrySet().containsAll(params.entrySet()))
                .findFirst();
    }

    /** How many times longer {@code result} takes than {@code reference}; NaN where either unit is not a time. */
    static double ratio(JmhResult result, JmhResult reference) {
        return result.secondsPerOp() / reference.secondsPerOp();
    }

    String simpleClass() {
        return benchmarkClass.substring(benchmarkClass.lastIndexOf('.') + 1);
    }

    List<JmhResult> results() {
        return List.copyOf(results);
    }

    Optional<JmhResult> method(String name) {
        return results.stream().filter(result -> result.method().equals(name)).findFirst();
    }

    /** FlatScene's method: {@code flatscene}, or a name ending in it such as {@code createDestroy1mFlatscene}. */
    Optional<JmhResult> flatScene() {
        return results.stream().filter(result -> result.method().toLowerCase(Locale.ROOT).endsWith(FLATSCENE))
                .findFirst();
    }

    /** The floor measured in the same run: {@code streamBound}, {@code uploadBound}, {@code primitiveFloor}. */
    Optional<JmhResult> bound() {
        return results.stream()
                .filter(result -> result.method().endsWith("Bound") || result.method().endsWith("Floor"))
                .findFirst();
    }

    /** The other systems measured beside FlatScene; none where the group has no FlatScene method to compare with. */
    List<JmhResult> peers() {
        Optional<JmhResult> flatScene = flatScene();
        Optional<JmhResult> bound = bound();
        if (flatScene.isEmpty()) {
            return List.of();
        }
        return results.stream().filter(result -> result != flatScene.get() && bound.orElse(null) != result).toList();
    }

    /** What the rows share before the system's name: {@code createDestroy1m} for {@code createDestroy1mFlatscene}. */
    String methodPrefix() {
        return flatScene().map(result -> result.method().substring(0, result.method().length() - FLATSCENE.length()))
                .orElse("");
    }

    /** A peer by system alone, so one chart series holds {@code jme} and {@code createDestroy1mJme}. */
    String peerName(JmhResult peer) {
        String prefix = methodPrefix();
        if (prefix.isEmpty() || !peer.method().startsWith(prefix) || peer.method().length() == prefix.length()) {
            return peer.method();
        }
        String system = peer.method().substring(prefix.length());
        return Character.toLowerCase(system.charAt(0)) + system.substring(1);
    }

    String title() {
        return params.isEmpty() ? simpleClass() : simpleClass() + ": " + paramText();
    }

    /** Short enough for a chart axis: the class without its suffix, the shared method prefix and the parameters. */
    String label() {
        String name = simpleClass().replaceFirst("Benchmark$", "");
        String prefix = methodPrefix();
        return String.join(" ", List.of(name, prefix, paramText()).stream().filter(part -> !part.isEmpty()).toList());
    }

    private String paramText() {
        return params.entrySet().stream().map(entry -> entry.getKey() + "=" + entry.getValue())
                .collect(Collectors.joining(", "));
    }
}
