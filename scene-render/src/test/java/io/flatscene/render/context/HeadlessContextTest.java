package io.flatscene.render.context;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.opengl.GL11C.glGetInteger;
import static org.lwjgl.opengl.GL30C.GL_MAJOR_VERSION;
import static org.lwjgl.opengl.GL30C.GL_MINOR_VERSION;
import static org.lwjgl.opengl.GL32C.GL_CONTEXT_CORE_PROFILE_BIT;
import static org.lwjgl.opengl.GL32C.GL_CONTEXT_PROFILE_MASK;

class HeadlessContextTest {
    @Test
    void opensACoreContextOfAtLeast41WithoutADisplay() {
        try (HeadlessContext context = HeadlessContext.create()) {
            int version = glGetInteger(GL_MAJOR_VERSION) * 10 + glGetInteger(GL_MINOR_VERSION);
            assertTrue(version >= 41, "GL " + version);
            assertEquals(GL_CONTEXT_CORE_PROFILE_BIT,
                    glGetInteger(GL_CONTEXT_PROFILE_MASK) & GL_CONTEXT_CORE_PROFILE_BIT);
            assertTrue(context.description().contains(" / "), context.description());
            try (HeadlessContext second = HeadlessContext.create()) {
                context.makeCurrent();
                second.makeCurrent();
            }
            context.makeCurrent();
            assertTrue(glGetInteger(GL_MAJOR_VERSION) >= 4, "the first context outlives the second");
        }
    }

    /** A machine without libEGL gets told which packages to install, not an UnsatisfiedLinkError. */
    @Test
    void aMissingLibEglNamesTheDebianPackages() throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // surefire puts this module's dependencies on the module path; the child runs them all from the class path
        String classPath = System.getProperty("jdk.module.path", "") + File.pathSeparator
                + System.getProperty("java.class.path");
        Process child = new ProcessBuilder(java, "-Dorg.lwjgl.egl.libname=libEGL-that-is-not-installed.so.1",
                "-cp", classPath, MissingEglProbe.class.getName()).redirectErrorStream(true).start();
        assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the probe JVM did not finish");
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(output.contains("cannot load libEGL"), output);
        assertTrue(output.contains("apt-get install " + HeadlessContext.EGL_PACKAGES), output);
    }
}
