package io.flatscene.render.internal;

import io.flatscene.render.RendererConfig;
import io.flatscene.render.context.HeadlessContext;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BUFFER;

/**
 * A refused persistent mapping names what sized it: the world matrices' first mapping the renderer's initial instance
 * count, a growth the scene. Real mappings this large would take gigabytes, so the tests stay at the size the
 * buffers' int-indexed views refuse before any GL call.
 */
class MappingRemedyTest {
    @Test
    void eachMappingNamesTheRemedyItIsGiven() {
        PersistentBuffer buffer = new PersistentBuffer(GL_SHADER_STORAGE_BUFFER, "world matrix");
        long bytes = PersistentBuffer.MAX_BYTES + 1;
        for (String remedy : new String[] {RendererConfig.INITIAL_INSTANCES_KEY, ResidentMatrices.GROWTH_REMEDY}) {
            IllegalStateException refused = assertThrows(IllegalStateException.class, () -> buffer.map(bytes, remedy));
            assertEquals("cannot map a persistent world matrix buffer of " + bytes + " bytes ("
                    + MultiDrawSubmission.REGIONS + " frames in flight): above the " + PersistentBuffer.MAX_BYTES
                    + " a buffer view addresses; lower " + remedy, refused.getMessage());
        }
        assertEquals(0, buffer.name(), "a refused mapping keeps no buffer");
    }

    /** The largest initial instance count the configuration allows asks for world matrices of 9.7 GB. */
    @Test
    void aFirstMappingTooLargeNamesTheInitialInstanceSetting() {
        HeadlessContext context = HeadlessContext.create();
        try {
            IllegalStateException refused = assertThrows(IllegalStateException.class, () -> new ResidentMatrices(
                    VertexLayout.WORLD_MATRIX_BINDING, RendererConfig.INITIAL_INSTANCES_LIMIT,
                    RendererConfig.INITIAL_INSTANCES_KEY));
            String message = refused.getMessage();
            assertEquals("; lower " + RendererConfig.INITIAL_INSTANCES_KEY,
                    message.substring(message.lastIndexOf("; lower ")), message);
        } finally {
            context.close();
        }
    }
}
