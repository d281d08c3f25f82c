package io.flatscene.core.config;

/**
 * Which kernel the scene's transform pass computes world matrices with, chosen once at startup
 * ({@value SceneConfig#TRANSFORM_KERNEL_KEY}). Both kernels compute the same matrices; they differ in speed and in
 * what the runtime must offer.
 */
public enum TransformKernel {
    /**
     * The vector kernel where the runtime has {@code jdk.incubator.vector} (the JVM runs with
     * {@code --add-modules jdk.incubator.vector}) and a 256-bit float species, else the scalar one: the default,
     * because it is the fastest the machine allows and starts on any JVM.
     */
    AUTO,
    /**
     * The vector kernel (the incubator Vector API), and creating a scene fails with a clear exception where it is
     * unavailable: for a game that would rather know at startup than run the slower kernel unnoticed.
     */
    VECTOR,
    /**
     * The fused scalar kernel whatever the runtime offers: to measure or compare it, or to keep a program off the
     * incubator module's code paths.
     */
    SCALAR
}
