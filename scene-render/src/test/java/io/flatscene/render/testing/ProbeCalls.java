package io.flatscene.render.testing;

import java.io.IOException;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.Map;
import org.lwjgl.system.MemoryUtil;

/**
 * What a misuse probe (a child JVM that makes public calls in a broken state) and its test share: the line each call's
 * outcome is reported on, the lines that end a probe, and the native allocations it checks for leaks. A test reads
 * the outcomes back from the child's output with {@link #outcomes}.
 */
public final class ProbeCalls {
    public static final String CALL = "CALL ";
    public static final String RETURNED = "returned";
    public static final String NO_NATIVE_MEMORY_LEFT = "no native memory left";
    public static final String FINISHED = "probe finished";

    /** One public call, named by the key it is reported under. */
    @FunctionalInterface
    public interface Call {
        void run() throws IOException;
    }

    private ProbeCalls() {
    }

    /** The outcome of each call a probe reported in {@code output}, by call. */
    public static Map<String, String> outcomes(String output) {
        Map<String, String> outcomes = new HashMap<>();
        for (String line : output.split("\\R")) {
            if (line.startsWith(CALL)) {
                String[] call = line.substring(CALL.length()).split(" -> ", 2);
                outcomes.put(call[0], call[1]);
            }
        }
        return outcomes;
    }

    /**
     * Makes each call and, where {@code report} is given, prints its outcome there, one line each: {@link #RETURNED}
     * or the exception's class and message. A crash is the one outcome it cannot print, which is why probes run apart.
     */
    public static void runAll(Map<String, Call> calls, PrintStream report) {
        for (Map.Entry<String, Call> call : calls.entrySet()) {
            String outcome;
            try {
                call.getValue().run();
                outcome = RETURNED;
            } catch (IOException | RuntimeException | Error e) {
                outcome = e.getClass().getSimpleName() + ": " + String.valueOf(e.getMessage()).replace('\n', ' ');
            }
            if (report != null) {
                report.println(CALL + call.getKey() + " -> " + outcome);
            }
        }
    }

    /** What LWJGL's debug allocator tracks as allocated on the main thread, where a probe makes every object. */
    public static Map<Long, Long> liveAllocations() {
        Map<Long, Long> live = new HashMap<>();
        MemoryUtil.memReport((address, memory, threadId, threadName, stack) -> {
            if ("main".equals(threadName)) {
                live.put(address, memory);
            }
        });
        return live;
    }

    /** The line that ends a probe's leak check: {@link #NO_NATIVE_MEMORY_LEFT}, or what is left. */
    public static String leakLine(Map<Long, Long> left) {
        return left.isEmpty() ? NO_NATIVE_MEMORY_LEFT : "native memory left (address=bytes): " + left;
    }
}
