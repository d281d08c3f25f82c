package io.flatscene.core.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.testing.ModuleSources;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The layers of scene-core, read from its compiled classes and its module descriptor: the packages the module does
 * not export are internal, and serve the public ones without importing them; no two packages import each other,
 * directly or round a cycle; no class grows past the size a reader can hold.
 */
class ArchitectureTest {
    /** The package of the facades: what a game touches, built on everything else. */
    private static final String API = "io.flatscene.core.scene";
    private static final Path SOURCES = Path.of("src/main/java");
    /** The module's classes, where the build put them (the LWJGL 3.3.3 profile builds into a folder of its own). */
    private static final Path CLASSES_FOLDER = ModuleSources.locationOf(SceneManager.class);
    private static final JavaClasses CLASSES = ModuleSources.importModule(CLASSES_FOLDER);
    /**
     * Classes over the limits when the limits were set, each held to the lines it had then until it is split: the
     * test fails if one grows, and once one is back within the limits, so that its ceiling goes.
     */
    private static final Map<String, Integer> CEILINGS = Map.of(
            "io/flatscene/core/scene/SceneManager.java", 1149,
            "io/flatscene/core/scene/SceneNode.java", 1030);

    private static String[] internalPackages() {
        Set<String> exported = ModuleSources.exportsTo(CLASSES_FOLDER, null);
        Set<String> internal = new TreeSet<>();
        CLASSES.forEach(c -> internal.add(c.getPackageName()));
        internal.removeAll(exported);
        internal.remove("");
        return internal.toArray(new String[0]);
    }

    @Test
    void theStoresAndPassesAreInternal() {
        List<String> internal = List.of(internalPackages());
        assertTrue(internal.containsAll(List.of("io.flatscene.core.scene.frame", "io.flatscene.core.scene.store",
                "io.flatscene.core.scene.file")), internal.toString());
        assertFalse(internal.contains(API), internal.toString());
    }

    @Test
    void internalPackagesDoNotImportTheApi() {
        noClasses().that().resideInAnyPackage(internalPackages())
                .should().dependOnClassesThat().resideInAPackage(API)
                .because("control flows down, from the facades to the stores and passes, never back up")
                .check(CLASSES);
    }

    @Test
    void theLibraryPackagesDoNotImportTheScene() {
        noClasses().that().resideInAnyPackage("io.flatscene.core.container..", "io.flatscene.core.config..",
                        "io.flatscene.core.parallel..")
                .should().dependOnClassesThat().resideInAPackage("io.flatscene.core.scene..")
                .because("the containers, the configuration and the worker pool know nothing of a scene")
                .check(CLASSES);
    }

    @Test
    void noPackagesFormACycle() {
        slices().matching("io.flatscene.(**)").should().beFreeOfCycles().check(CLASSES);
    }

    @Test
    void noClassOutgrowsTheLimits() {
        List<String> violations = ModuleSources.sizeViolations(ModuleSources.sizes(SOURCES),
                Set.of("io/flatscene/core/scene/SceneManager.java", "io/flatscene/core/scene/SceneNode.java"),
                CEILINGS);
        assertEquals(List.of(), violations);
    }
}
