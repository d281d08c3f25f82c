package io.flatscene.assets.testing;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A program run in a JVM of its own, for tests whose subject may crash the process (Assimp's native code, GL drivers)
 * or end it ({@code System.exit}).
 */
public final class ChildJvm {
    /** How a child JVM ended: its exit status and everything it printed. */
    public record Run(int status, String out, String err) {
    }

    private ChildJvm() {
    }

    /**
     * Runs {@code main} of {@code mainClass} in a JVM of its own, with the test's class path, {@code args} (the
     * leading {@code -D} and {@code -X} ones given to the JVM), and a time limit after which the test fails with what
     * it printed so far.
     */
    public static Run run(Class<?> mainClass, int seconds, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString()));
        int options = 0;
        while (options < args.length && (args[options].startsWith("-D") || args[options].startsWith("-X"))) {
            command.add(args[options++]);
        }
        // surefire runs a module's tests from the module path; the child runs everything from the class path
        command.addAll(List.of("-cp", System.getProperty("jdk.module.path", "") + File.pathSeparator
                + System.getProperty("java.class.path"), mainClass.getName()));
        command.addAll(List.of(args).subList(options, args.length));
        // into files, so that waitFor's time limit holds even if the child hangs with its pipes open
        Path out = Files.createTempFile("child", ".out");
        Path err = Files.createTempFile("child", ".err");
        try {
            Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile())
                    .start();
            if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
                throw new AssertionError(mainClass.getSimpleName() + " did not finish in " + seconds + " s; it "
                        + "printed:\n" + Files.readString(out) + Files.readString(err));
            }
            return new Run(process.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.delete(out);
            Files.delete(err);
        }
    }
}
