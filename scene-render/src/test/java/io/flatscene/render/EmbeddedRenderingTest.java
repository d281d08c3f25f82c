package io.flatscene.render;

import io.flatscene.render.context.HeadlessContext;
import io.flatscene.render.image.Image;
import io.flatscene.render.target.Framebuffer;
import io.flatscene.render.target.RenderTarget;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.lwjgl.system.MemoryStack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.opengl.GL46C.GL_ACTIVE_TEXTURE;
import static org.lwjgl.opengl.GL46C.GL_ARRAY_BUFFER;
import static org.lwjgl.opengl.GL46C.GL_ARRAY_BUFFER_BINDING;
import static org.lwjgl.opengl.GL46C.GL_BLEND;
import static org.lwjgl.opengl.GL46C.GL_BLEND_DST_ALPHA;
import static org.lwjgl.opengl.GL46C.GL_BLEND_DST_RGB;
import static org.lwjgl.opengl.GL46C.GL_BLEND_EQUATION_ALPHA;
import static org.lwjgl.opengl.GL46C.GL_BLEND_EQUATION_RGB;
import static org.lwjgl.opengl.GL46C.GL_BLEND_SRC_ALPHA;
import static org.lwjgl.opengl.GL46C.GL_BLEND_SRC_RGB;
import static org.lwjgl.opengl.GL46C.GL_COLOR_CLEAR_VALUE;
import static org.lwjgl.opengl.GL46C.GL_COLOR_WRITEMASK;
import static org.lwjgl.opengl.GL46C.GL_CULL_FACE;
import static org.lwjgl.opengl.GL46C.GL_CULL_FACE_MODE;
import static org.lwjgl.opengl.GL46C.GL_CURRENT_PROGRAM;
import static org.lwjgl.opengl.GL46C.GL_CW;
import static org.lwjgl.opengl.GL46C.GL_DEPTH_CLEAR_VALUE;
import static org.lwjgl.opengl.GL46C.GL_DEPTH_FUNC;
import static org.lwjgl.opengl.GL46C.GL_DEPTH_TEST;
import static org.lwjgl.opengl.GL46C.GL_DEPTH_WRITEMASK;
import static org.lwjgl.opengl.GL46C.GL_DRAW_FRAMEBUFFER;
import static org.lwjgl.opengl.GL46C.GL_DRAW_FRAMEBUFFER_BINDING;
import static org.lwjgl.opengl.GL46C.GL_DRAW_INDIRECT_BUFFER;
import static org.lwjgl.opengl.GL46C.GL_DRAW_INDIRECT_BUFFER_BINDING;
import static org.lwjgl.opengl.GL46C.GL_FRONT;
import static org.lwjgl.opengl.GL46C.GL_FRONT_FACE;
import static org.lwjgl.opengl.GL46C.GL_FUNC_SUBTRACT;
import static org.lwjgl.opengl.GL46C.GL_GEQUAL;
import static org.lwjgl.opengl.GL46C.GL_MAX;
import static org.lwjgl.opengl.GL46C.GL_ONE;
import static org.lwjgl.opengl.GL46C.GL_PIXEL_UNPACK_BUFFER;
import static org.lwjgl.opengl.GL46C.GL_PIXEL_UNPACK_BUFFER_BINDING;
import static org.lwjgl.opengl.GL46C.GL_SAMPLER_BINDING;
import static org.lwjgl.opengl.GL46C.GL_SCISSOR_TEST;
import static org.lwjgl.opengl.GL46C.GL_SHADER_STORAGE_BUFFER;
import static org.lwjgl.opengl.GL46C.GL_SHADER_STORAGE_BUFFER_BINDING;
import static org.lwjgl.opengl.GL46C.GL_SHADER_STORAGE_BUFFER_SIZE;
import static org.lwjgl.opengl.GL46C.GL_SHADER_STORAGE_BUFFER_START;
import static org.lwjgl.opengl.GL46C.GL_SRC_COLOR;
import static org.lwjgl.opengl.GL46C.GL_STATIC_DRAW;
import static org.lwjgl.opengl.GL46C.GL_TEXTURE0;
import static org.lwjgl.opengl.GL46C.GL_TEXTURE2;
import static org.lwjgl.opengl.GL46C.GL_TEXTURE3;
import static org.lwjgl.opengl.GL46C.GL_TEXTURE_2D_ARRAY;
import static org.lwjgl.opengl.GL46C.GL_TEXTURE_BINDING_2D_ARRAY;
import static org.lwjgl.opengl.GL46C.GL_UNIFORM_BUFFER;
import static org.lwjgl.opengl.GL46C.GL_UNIFORM_BUFFER_BINDING;
import static org.lwjgl.opengl.GL46C.GL_UNIFORM_BUFFER_SIZE;
import static org.lwjgl.opengl.GL46C.GL_UNIFORM_BUFFER_START;
import static org.lwjgl.opengl.GL46C.GL_UNPACK_ALIGNMENT;
import static org.lwjgl.opengl.GL46C.GL_VERTEX_ARRAY_BINDING;
import static org.lwjgl.opengl.GL46C.GL_VIEWPORT;
import static org.lwjgl.opengl.GL46C.GL_ZERO;
import static org.lwjgl.opengl.GL46C.glActiveTexture;
import static org.lwjgl.opengl.GL46C.glBindBuffer;
import static org.lwjgl.opengl.GL46C.glBindBufferBase;
import static org.lwjgl.opengl.GL46C.glBindBufferRange;
import static org.lwjgl.opengl.GL46C.glBindFramebuffer;
import static org.lwjgl.opengl.GL46C.glBindSampler;
import static org.lwjgl.opengl.GL46C.glBindTexture;
import static org.lwjgl.opengl.GL46C.glBindVertexArray;
import static org.lwjgl.opengl.GL46C.glBlendEquationSeparate;
import static org.lwjgl.opengl.GL46C.glBlendFuncSeparate;
import static org.lwjgl.opengl.GL46C.glBufferData;
import static org.lwjgl.opengl.GL46C.glClearColor;
import static org.lwjgl.opengl.GL46C.glClearDepth;
import static org.lwjgl.opengl.GL46C.glColorMask;
import static org.lwjgl.opengl.GL46C.glCullFace;
import static org.lwjgl.opengl.GL46C.glDeleteBuffers;
import static org.lwjgl.opengl.GL46C.glDeleteSamplers;
import static org.lwjgl.opengl.GL46C.glDeleteTextures;
import static org.lwjgl.opengl.GL46C.glDeleteVertexArrays;
import static org.lwjgl.opengl.GL46C.glDepthFunc;
import static org.lwjgl.opengl.GL46C.glDepthMask;
import static org.lwjgl.opengl.GL46C.glDisable;
import static org.lwjgl.opengl.GL46C.glEnable;
import static org.lwjgl.opengl.GL46C.glFrontFace;
import static org.lwjgl.opengl.GL46C.glGenBuffers;
import static org.lwjgl.opengl.GL46C.glGenSamplers;
import static org.lwjgl.opengl.GL46C.glGenTextures;
import static org.lwjgl.opengl.GL46C.glGenVertexArrays;
import static org.lwjgl.opengl.GL46C.glGetFloat;
import static org.lwjgl.opengl.GL46C.glGetFloatv;
import static org.lwjgl.opengl.GL46C.glGetInteger;
import static org.lwjgl.opengl.GL46C.glGetIntegeri;
import static org.lwjgl.opengl.GL46C.glGetIntegerv;
import static org.lwjgl.opengl.GL46C.glIsEnabled;
import static org.lwjgl.opengl.GL46C.glPixelStorei;
import static org.lwjgl.opengl.GL46C.glViewport;

/**
 * A game that owns its context and state: FlatScene draws into the game's framebuffer and, with restoreGlState,
 * hands every piece of state it documents as touched back as the game left it, whether it clears colour and depth
 * or depth alone (the game's depth writes are off, which a clear turns on for itself).
 */
class EmbeddedRenderingTest {
    private static final int[] CAPABILITIES = {GL_DEPTH_TEST, GL_BLEND, GL_CULL_FACE, GL_SCISSOR_TEST};
    private static final int[] INTEGER_STATE = {GL_CURRENT_PROGRAM, GL_VERTEX_ARRAY_BINDING, GL_ARRAY_BUFFER_BINDING,
            GL_DRAW_INDIRECT_BUFFER_BINDING, GL_DRAW_FRAMEBUFFER_BINDING, GL_UNIFORM_BUFFER_BINDING,
            GL_SHADER_STORAGE_BUFFER_BINDING, GL_DEPTH_WRITEMASK,
            GL_DEPTH_FUNC, GL_CULL_FACE_MODE, GL_FRONT_FACE, GL_BLEND_SRC_RGB, GL_BLEND_DST_RGB, GL_BLEND_SRC_ALPHA,
            GL_BLEND_DST_ALPHA, GL_BLEND_EQUATION_RGB, GL_BLEND_EQUATION_ALPHA};

    @ParameterizedTest
    @EnumSource(value = ClearMode.class, names = {"DEPTH", "COLOR_AND_DEPTH"})
    void drawsIntoTheGamesFramebufferAndRestoresTheStateItTouches(ClearMode clear) {
        // the game's context: current for everything below and closed last
        HeadlessContext gameContext = HeadlessContext.create(true);
        try (Framebuffer gameFramebuffer = new Framebuffer(200, 150)) {
            int gameVertexArray = glGenVertexArrays();
            int gameBuffer = glGenBuffers();
            glBindBuffer(GL_UNIFORM_BUFFER, gameBuffer);
            glBufferData(GL_UNIFORM_BUFFER, 1024, GL_STATIC_DRAW);
            int gameTexture = glGenTextures();
            int gameSampler = glGenSamplers();
            setGameState(gameVertexArray, gameBuffer, gameFramebuffer.framebufferId());
            setGameTextures(gameTexture, gameSampler, gameBuffer);
            String before = describeState();

            try (Renderer renderer = new Renderer(RendererConfig.builder().restoreGlState(true).debugOutput(true)
                    .clear(clear).build())) {
                assertEquals(before, describeState(), "creating the renderer changed the game's state");
                // textured: loading the images and drawing with them touch texture units, samplers and unpacking
                TestScenes built = TestScenes.texturedCubeGrid(renderer, 200, 150);
                assertEquals(before, describeState(), "loading textures changed the game's state");
                RenderTarget target = RenderTarget.of(gameFramebuffer.framebufferId(), 200, 150);
                for (int frame = 0; frame < 3; frame++) {
                    RenderStats stats = renderer.render(built.scene, built.camera, target);
                    assertEquals(0, stats.glErrors());
                    assertEquals(before, describeState(), "frame " + frame + " changed the game's state");
                }
                Image drawn = Image.read(target);
                assertTrue(drawn.distinctColors() > 100, "the cubes should be in the game's framebuffer, found "
                        + drawn.distinctColors() + " colors");
                built.scene.close();
            }
            glDeleteBuffers(gameBuffer);
            glDeleteVertexArrays(gameVertexArray);
            glDeleteTextures(gameTexture);
            glDeleteSamplers(gameSampler);
        } finally {
            gameContext.close();
        }
    }

    /** State a game plausibly leaves behind, every value unlike what FlatScene sets. */
    private static void setGameState(int vertexArray, int buffer, int framebuffer) {
        glBindVertexArray(vertexArray);
        glBindBuffer(GL_ARRAY_BUFFER, buffer);
        glBindBuffer(GL_DRAW_INDIRECT_BUFFER, buffer);
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, framebuffer);
        glBindBufferRange(GL_UNIFORM_BUFFER, 0, buffer, 256, 512);
        glBindBufferBase(GL_UNIFORM_BUFFER, 1, buffer);
        glBindBuffer(GL_UNIFORM_BUFFER, buffer);
        // the binding the multi-draw path reads its resident matrices from
        glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 0, buffer, 256, 256);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
        glViewport(10, 20, 30, 40);
        glClearColor(0.25f, 0.5f, 0.75f, 0.5f);
        glClearDepth(0.5);
        glColorMask(true, false, true, false);
        glDepthMask(false);
        glDepthFunc(GL_GEQUAL);
        glDisable(GL_DEPTH_TEST);
        glEnable(GL_BLEND);
        glBlendFuncSeparate(GL_ONE, GL_ONE, GL_ZERO, GL_SRC_COLOR);
        glBlendEquationSeparate(GL_FUNC_SUBTRACT, GL_MAX);
        glEnable(GL_CULL_FACE);
        glCullFace(GL_FRONT);
        glFrontFace(GL_CW);
        glEnable(GL_SCISSOR_TEST);
    }

    /**
     * A game's 2D array texture on units 0 and 2, its sampler object on unit 1, unit 3 active, and its pixel-unpack
     * buffer and alignment: a texture upload that kept the buffer would read from it.
     */
    private static void setGameTextures(int texture, int sampler, int buffer) {
        glActiveTexture(GL_TEXTURE0);
        glBindTexture(GL_TEXTURE_2D_ARRAY, texture);
        glActiveTexture(GL_TEXTURE2);
        glBindTexture(GL_TEXTURE_2D_ARRAY, texture);
        glBindSampler(1, sampler);
        glActiveTexture(GL_TEXTURE3);
        glBindBuffer(GL_PIXEL_UNPACK_BUFFER, buffer);
        glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    }

    private static String describeState() {
        StringBuilder state = new StringBuilder();
        for (int capability : CAPABILITIES) {
            state.append(glIsEnabled(capability)).append(' ');
        }
        for (int name : INTEGER_STATE) {
            state.append(glGetInteger(name)).append(' ');
        }
        try (MemoryStack stack = MemoryStack.stackPush()) {
            IntBuffer ints = stack.mallocInt(4);
            glGetIntegerv(GL_VIEWPORT, ints);
            state.append("viewport ").append(ints.get(0)).append(',').append(ints.get(1)).append(',')
                    .append(ints.get(2)).append(',').append(ints.get(3));
            glGetIntegerv(GL_COLOR_WRITEMASK, ints);
            state.append(" mask ").append(ints.get(0)).append(ints.get(1)).append(ints.get(2)).append(ints.get(3));
            FloatBuffer floats = stack.mallocFloat(4);
            glGetFloatv(GL_COLOR_CLEAR_VALUE, floats);
            float[] clear = new float[4];
            floats.get(0, clear);
            assertArrayEquals(new float[]{0.25f, 0.5f, 0.75f, 0.5f}, clear, 1e-6f);
            state.append(" clear depth ").append(glGetFloat(GL_DEPTH_CLEAR_VALUE));
            for (int binding = 0; binding < 2; binding++) {
                state.append(" ubo").append(binding).append(' ')
                        .append(glGetIntegeri(GL_UNIFORM_BUFFER_BINDING, binding))
                        .append('@').append(glGetIntegeri(GL_UNIFORM_BUFFER_START, binding))
                        .append('+').append(glGetIntegeri(GL_UNIFORM_BUFFER_SIZE, binding));
            }
            state.append(" active ").append(glGetInteger(GL_ACTIVE_TEXTURE)).append(" unpack ")
                    .append(glGetInteger(GL_PIXEL_UNPACK_BUFFER_BINDING)).append('/')
                    .append(glGetInteger(GL_UNPACK_ALIGNMENT));
            int active = glGetInteger(GL_ACTIVE_TEXTURE);
            for (int unit = 0; unit < TextureRegistry.MAX_ARRAYS; unit++) {
                glActiveTexture(GL_TEXTURE0 + unit);
                state.append(" unit").append(unit).append(' ').append(glGetInteger(GL_TEXTURE_BINDING_2D_ARRAY))
                        .append('/').append(glGetInteger(GL_SAMPLER_BINDING));
            }
            glActiveTexture(active);
            state.append(" ssbo0 ").append(glGetIntegeri(GL_SHADER_STORAGE_BUFFER_BINDING, 0))
                    .append('@').append(glGetIntegeri(GL_SHADER_STORAGE_BUFFER_START, 0))
                    .append('+').append(glGetIntegeri(GL_SHADER_STORAGE_BUFFER_SIZE, 0));
        }
        return state.toString();
    }
}
