package io.flatscene.assets.architecture;

import io.flatscene.assets.ModelImporter;
import io.flatscene.core.testing.ModuleSources;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The module's shape, read from its descriptor and sources: one exported package, the importer's API, and no class
 * past the size a reader can hold. (That it reaches scene-core and scene-render only through what they export is the
 * module system's rule, which javac enforces.)
 */
class ArchitectureTest {
    @Test
    void onlyTheApiPackageIsExported() {
        assertEquals(Set.of("io.flatscene.assets"),
                ModuleSources.exportsTo(ModuleSources.locationOf(ModelImporter.class), null));
    }

    @Test
    void noClassOutgrowsTheLimits() {
        assertEquals(List.of(), ModuleSources.sizeViolations(ModuleSources.sizes(Path.of("src/main/java")), Set.of()));
    }
}
