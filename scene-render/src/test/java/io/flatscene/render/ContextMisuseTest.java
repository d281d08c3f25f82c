package io.flatscene.render;

import io.flatscene.render.context.ContextException;
import io.flatscene.render.context.HeadlessContext;
import io.flatscene.render.context.WindowContext;
import io.flatscene.render.testing.Display;
import io.flatscene.render.testing.ProbeCalls;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The contexts' own methods after close, in a child JVM ({@link ContextProbe}) since GLFW crashes on a destroyed
 * window: each refuses naming the closed context, except its description, a second close, and creating a new one.
 * And a headless context made current on a thread while another holds it says so.
 */
class ContextMisuseTest {
    private static final List<String> WORK_WHEN_CLOSED = List.of("description", "close", "create");


    @ParameterizedTest
    @ValueSource(strings = {"headless", "window"})
    void aClosedContextRefusesEveryCallButItsDescriptionAndClose(String kind) {
        boolean window = kind.equals("window");
        assumeTrue(!window || Display.present(), Display.ABSENT);
        Class<?> type = window ? WindowContext.class : HeadlessContext.class;
        ChildJvm.Result result = ChildJvm.run(ContextProbe.class, kind);
        ChildJvm.assertFinished(result);
        Map<String, String> outcomes = ProbeCalls.outcomes(result.stderr());
        Set<String> members = new TreeSet<>();
        for (Method method : type.getDeclaredMethods()) {
            if (Modifier.isPublic(method.getModifiers()) && !method.isSynthetic()) {
                members.add(type.getSimpleName() + "." + method.getName() + Arrays.stream(method.getParameterTypes())
                        .map(Class::getSimpleName).collect(Collectors.joining(",", "(", ")")));
            }
        }
        assertEquals(members, new TreeSet<>(outcomes.keySet()), "public methods and the calls the probe made");
        String named = window ? "window (" : "headless context (";
        for (Map.Entry<String, String> outcome : outcomes.entrySet()) {
            String method = outcome.getKey().split("[.(]")[1];
            if (WORK_WHEN_CLOSED.contains(method)) {
                assertEquals(ProbeCalls.RETURNED, outcome.getValue(), outcome.getKey());
            } else {
                assertTrue(outcome.getValue().startsWith("IllegalStateException: " + named)
                        && outcome.getValue().endsWith("was closed"), outcome.getKey() + ": " + outcome.getValue());
            }
        }
    }

    @Test
    void makingAHeadlessContextCurrentWhereAnotherThreadHoldsItSaysSo() throws InterruptedException {
        try (HeadlessContext context = HeadlessContext.create()) {
            AtomicReference<Throwable> thrown = new AtomicReference<>();
            Thread other = new Thread(() -> {
                try {
                    context.makeCurrent();
                } catch (Throwable t) {
                    thrown.set(t);
                }
            }, "second");
            other.start();
            other.join();
            assertTrue(thrown.get() instanceof ContextException, String.valueOf(thrown.get()));
            assertTrue(thrown.get().getMessage().contains("current on another thread"), thrown.get().getMessage());
        }
    }
}
