package io.flatscene.render;

import io.flatscene.render.testing.ProbeCalls;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Runs a main class of the test sources in a child JVM: a misuse that aborts or crashes the JVM (a GL call with no
 * context current, a write into a buffer its context unmapped) then fails one test, with the child's output, instead
 * of ending the whole suite. The child gets this JVM's java, class path and the debug allocator the surefire
 * configuration turns on.
 */
final class ChildJvm {
    private static final long TIMEOUT_SECONDS = 120;

    /** What the child did: its exit code and everything it wrote. */
    record Result(String command, int exitCode, String stdout, String stderr) {
        /** Asserts a clean exit, so that a crash (134 for an abort, 139 for SIGSEGV) shows the child's output. */
        Result assertExitedNormally() {
            assertEquals(0, exitCode, "the child JVM '" + command + "' exited with " + exitCode + describe());
            return this;
        }

        /** Asserts that stderr holds a line with every fragment, and returns it. */
        String assertStderrLine(String... fragments) {
            for (String line : stderr.split("\\R")) {
                if (containsAll(line, fragments)) {
                    return line;
                }
            }
            return fail("no stderr line of '" + command + "' holds all of " + List.of(fragments) + describe());
        }

        String describe() {
            return "\n--- stdout ---\n" + stdout + "\n--- stderr ---\n" + stderr;
        }
    }

    private ChildJvm() {
    }

    static boolean containsAll(String line, String... fragments) {
        for (String fragment : fragments) {
            if (!line.contains(fragment)) {
                return false;
            }
        }
        return true;
    }

    /** Runs {@code main} with {@code args} and waits for it, failing the test if it outlives the timeout. */
    static Result run(Class<?> main, String... args) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // surefire puts this module's dependencies on the module path; the child runs them all from the class path
        String classPath = System.getProperty("jdk.module.path", "") + File.pathSeparator
                + System.getProperty("java.class.path");
        List<String> command = new ArrayList<>(List.of(java, "-Dorg.lwjgl.util.DebugAllocator=true",
                "--add-modules", "jdk.incubator.vector", "-cp", classPath, main.getName()));
        command.addAll(List.of(args));
        String shown = main.getSimpleName() + " " + String.join(" ", args);
        try {
            Path out = Files.createTempFile("child-jvm", ".out");
            Path err = Files.createTempFile("child-jvm", ".err");
            try {
                Process child = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile())
                        .start();
                if (!child.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                    child.destroyForcibly().waitFor();
                    fail("the child JVM '" + shown + "' hung for " + TIMEOUT_SECONDS + " s; it wrote:\n"
                            + Files.readString(out, StandardCharsets.UTF_8)
                            + Files.readString(err, StandardCharsets.UTF_8));
                }
                return new Result(shown, child.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                        Files.readString(err, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            return fail("cannot run a child JVM for '" + shown + "'", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return fail("interrupted waiting for the child JVM '" + shown + "'", e);
        }
    }

    /** Asserts that the child exited normally and says so on stderr: the tests' probes end with this line. */
    static void assertFinished(Result result) {
        result.assertExitedNormally();
        assertTrue(result.stderr().contains(ProbeCalls.FINISHED), "the probe did not finish" + result.describe());
    }
}
