package io.flatscene.benchmarks.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Where the figures were measured: ratios travel between machines better than times, but not perfectly. */
record Machine(String cpu, int cores, String jdk, String os) {
    private static final Path CPUINFO = Path.of("/proc/cpuinfo");

    /**
     * This machine, with the JVM the forks reported: the script runs the writer with the same {@code java}, but the
     * JSON's record of the forks is the one that counts.
     */
    static Machine detect(JmhRun run) throws IOException {
        String cpu = Files.isReadable(CPUINFO) ? cpuModel(Files.readAllLines(CPUINFO)) : "";
        String vendor = System.getProperty("java.vendor");
        String jdk = run.jvm().isEmpty() ? System.getProperty("java.vm.name") + " "
                + System.getProperty("java.runtime.version") : run.jvm();
        return new Machine(cpu.isEmpty() ? System.getProperty("os.arch") : cpu,
                Runtime.getRuntime().availableProcessors(), vendor + ", " + jdk,
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"));
    }

    /** x86 names the model on {@code model name}; ARM kernels often give no model at all, hence empty. */
    static String cpuModel(List<String> cpuinfo) {
        return cpuinfo.stream().filter(line -> line.startsWith("model name") || line.startsWith("Model"))
                .map(line -> line.substring(line.indexOf(':') + 1).strip()).findFirst().orElse("");
    }
}
