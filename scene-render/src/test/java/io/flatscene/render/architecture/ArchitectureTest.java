package io.flatscene.render.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.testing.ModuleSources;
import io.flatscene.render.Renderer;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The renderer's place above scene-core, read from both modules' compiled classes and descriptors: it uses only what
 * scene-core exports to it, its packages form no cycle, and no class grows past the size a reader can hold.
 */
class ArchitectureTest {
    private static final Path CORE = ModuleSources.locationOf(SceneManager.class);
    private static final JavaClasses RENDER = ModuleSources.importModule(ModuleSources.locationOf(Renderer.class));

    private static String[] coreInternalPackages() {
        Set<String> open = ModuleSources.exportsTo(CORE, "io.flatscene.render");
        Set<String> internal = new TreeSet<>();
        ModuleSources.importModule(CORE).forEach(c -> internal.add(c.getPackageName()));
        internal.removeAll(open);
        internal.remove("");
        return internal.toArray(new String[0]);
    }

    @Test
    void theCoresStoresAndPassesAreClosedToTheRenderer() {
        List<String> internal = List.of(coreInternalPackages());
        assertTrue(internal.containsAll(List.of("io.flatscene.core.scene.frame", "io.flatscene.core.scene.store")),
                internal.toString());
    }

    @Test
    void theRendererUsesOnlyWhatTheCoreExportsToIt() {
        noClasses().that().resideInAPackage("io.flatscene.render..")
                .should().dependOnClassesThat().resideInAnyPackage(coreInternalPackages())
                .because("the renderer reads a scene through what scene-core exports to it, not through its stores")
                .check(RENDER);
    }

    @Test
    void noPackagesFormACycle() {
        slices().matching("io.flatscene.(**)").should().beFreeOfCycles().check(RENDER);
    }

    @Test
    void noClassOutgrowsTheLimits() {
        assertEquals(List.of(), ModuleSources.sizeViolations(ModuleSources.sizes(Path.of("src/main/java")), Set.of()));
    }
}
