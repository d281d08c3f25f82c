package io.flatscene.core.scene.frame;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.config.TransformKernel;
import java.lang.reflect.InvocationTargetException;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Finds out once, at the first scene's startup, whether the vector kernel can run: the runtime must have resolved
 * {@code jdk.incubator.vector} (it does only when started with {@code --add-modules jdk.incubator.vector}) and have
 * native 256-bit float vectors. The answer and the reason are logged once. {@link VectorBlockKernel} is loaded by
 * name and only after the module is found, so a runtime without it never links against the API (Apache Lucene
 * guards its vector code the same way).
 */
final class BlockKernels {
    private static final Logger LOG = LogManager.getLogger(BlockKernels.class);
    private static final String MODULE = "jdk.incubator.vector";

    private BlockKernels() {
    }

    /**
     * The kernel a scene configured with {@code choice} runs.
     *
     * @throws IllegalStateException saying why, when {@code choice} is VECTOR and the vector kernel cannot run here
     */
    static PlainBlockKernel of(TransformKernel choice) {
        // SCALAR asks nothing of the runtime, so it neither detects nor logs
        return choice == TransformKernel.SCALAR ? new ScalarBlockKernel() : of(choice, Detection.OUTCOME);
    }

    /** The kernel {@code choice} gives on a runtime that offers {@code runtime}. */
    static PlainBlockKernel of(TransformKernel choice, Outcome runtime) {
        if (runtime.vector != null && choice != TransformKernel.SCALAR) {
            return runtime.vector;
        }
        if (choice == TransformKernel.VECTOR) {
            throw new IllegalStateException(SceneConfig.TRANSFORM_KERNEL_KEY + " is VECTOR, but " + runtime.whyNot);
        }
        return new ScalarBlockKernel();
    }

    /** What the runtime offers: the vector kernel, or null and why not. */
    record Outcome(PlainBlockKernel vector, String whyNot) {
    }

    /** What the runtime offers, found and logged at first use (the holder idiom: once, thread-safely). */
    private static final class Detection {
        static final Outcome OUTCOME = detect();

        private static Outcome detect() {
            Outcome outcome = load();
            if (outcome.vector != null) {
                LOG.info("Transform kernel: {}", outcome.vector.description());
            } else {
                LOG.info("Transform kernel: scalar, because {}", outcome.whyNot);
            }
            return outcome;
        }

        private static Outcome load() {
            if (ModuleLayer.boot().findModule(MODULE).isEmpty()) {
                return new Outcome(null, "the runtime has no module " + MODULE + " (start the JVM with --add-modules "
                        + MODULE + " for the vector kernel)");
            }
            try {
                Class<?> type = Class.forName(BlockKernels.class.getPackageName() + ".VectorBlockKernel");
                if (!(Boolean) type.getDeclaredMethod("isFast").invoke(null)) {
                    return new Outcome(null, "this processor has no native 256-bit float vectors");
                }
                return new Outcome((PlainBlockKernel) type.getDeclaredConstructor().newInstance(), null);
            } catch (ReflectiveOperationException | LinkageError e) {
                Throwable cause = e instanceof InvocationTargetException ? e.getCause() : e;
                return new Outcome(null, MODULE + " could not be used: " + cause);
            }
        }
    }
}
