package io.flatscene.render.gl;

import io.flatscene.render.owner.GlOwner;
import java.nio.Buffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import org.lwjgl.system.MemoryUtil;

import static org.lwjgl.opengl.GL11C.GL_BLEND;
import static org.lwjgl.opengl.GL11C.GL_COLOR_CLEAR_VALUE;
import static org.lwjgl.opengl.GL11C.GL_COLOR_WRITEMASK;
import static org.lwjgl.opengl.GL11C.GL_CULL_FACE;
import static org.lwjgl.opengl.GL11C.GL_CULL_FACE_MODE;
import static org.lwjgl.opengl.GL11C.GL_DEPTH_CLEAR_VALUE;
import static org.lwjgl.opengl.GL11C.GL_DEPTH_FUNC;
import static org.lwjgl.opengl.GL11C.GL_DEPTH_TEST;
import static org.lwjgl.opengl.GL11C.GL_DEPTH_WRITEMASK;
import static org.lwjgl.opengl.GL11C.GL_FRONT_FACE;
import static org.lwjgl.opengl.GL11C.GL_SCISSOR_TEST;
import static org.lwjgl.opengl.GL11C.GL_VIEWPORT;
import static org.lwjgl.opengl.GL11C.glBindTexture;
import static org.lwjgl.opengl.GL11C.glClearColor;
import static org.lwjgl.opengl.GL11C.glClearDepth;
import static org.lwjgl.opengl.GL11C.glColorMask;
import static org.lwjgl.opengl.GL11C.glCullFace;
import static org.lwjgl.opengl.GL11C.glDepthFunc;
import static org.lwjgl.opengl.GL11C.glDepthMask;
import static org.lwjgl.opengl.GL11C.glDisable;
import static org.lwjgl.opengl.GL11C.glEnable;
import static org.lwjgl.opengl.GL11C.glFrontFace;
import static org.lwjgl.opengl.GL11C.glGetFloatv;
import static org.lwjgl.opengl.GL11C.glGetIntegerv;
import static org.lwjgl.opengl.GL11C.glIsEnabled;
import static org.lwjgl.opengl.GL11C.glViewport;
import static org.lwjgl.opengl.GL13C.GL_ACTIVE_TEXTURE;
import static org.lwjgl.opengl.GL13C.GL_TEXTURE0;
import static org.lwjgl.opengl.GL13C.glActiveTexture;
import static org.lwjgl.opengl.GL14C.GL_BLEND_DST_ALPHA;
import static org.lwjgl.opengl.GL14C.GL_BLEND_DST_RGB;
import static org.lwjgl.opengl.GL14C.GL_BLEND_SRC_ALPHA;
import static org.lwjgl.opengl.GL14C.GL_BLEND_SRC_RGB;
import static org.lwjgl.opengl.GL14C.glBlendFuncSeparate;
import static org.lwjgl.opengl.GL15C.GL_ARRAY_BUFFER;
import static org.lwjgl.opengl.GL15C.GL_ARRAY_BUFFER_BINDING;
import static org.lwjgl.opengl.GL15C.glBindBuffer;
import static org.lwjgl.opengl.GL20C.GL_BLEND_EQUATION_ALPHA;
import static org.lwjgl.opengl.GL20C.GL_BLEND_EQUATION_RGB;
import static org.lwjgl.opengl.GL20C.GL_CURRENT_PROGRAM;
import static org.lwjgl.opengl.GL20C.glBlendEquationSeparate;
import static org.lwjgl.opengl.GL20C.glUseProgram;
import static org.lwjgl.opengl.GL30C.GL_DRAW_FRAMEBUFFER;
import static org.lwjgl.opengl.GL30C.GL_DRAW_FRAMEBUFFER_BINDING;
import static org.lwjgl.opengl.GL30C.GL_TEXTURE_2D_ARRAY;
import static org.lwjgl.opengl.GL30C.GL_TEXTURE_BINDING_2D_ARRAY;
import static org.lwjgl.opengl.GL30C.GL_VERTEX_ARRAY_BINDING;
import static org.lwjgl.opengl.GL30C.glBindBufferBase;
import static org.lwjgl.opengl.GL30C.glBindBufferRange;
import static org.lwjgl.opengl.GL30C.glBindFramebuffer;
import static org.lwjgl.opengl.GL30C.glBindVertexArray;
import static org.lwjgl.opengl.GL30C.glGetIntegeri_v;
import static org.lwjgl.opengl.GL31C.GL_UNIFORM_BUFFER;
import static org.lwjgl.opengl.GL31C.GL_UNIFORM_BUFFER_BINDING;
import static org.lwjgl.opengl.GL31C.GL_UNIFORM_BUFFER_SIZE;
import static org.lwjgl.opengl.GL31C.GL_UNIFORM_BUFFER_START;
import static org.lwjgl.opengl.GL32C.glGetInteger64i_v;
import static org.lwjgl.opengl.GL33C.GL_SAMPLER_BINDING;
import static org.lwjgl.opengl.GL33C.glBindSampler;
import static org.lwjgl.opengl.GL40C.GL_DRAW_INDIRECT_BUFFER;
import static org.lwjgl.opengl.GL40C.GL_DRAW_INDIRECT_BUFFER_BINDING;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BUFFER;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BUFFER_BINDING;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BUFFER_SIZE;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BUFFER_START;

/**
 * The GL state a frame touches, saved before and restored after when FlatScene renders into a context it does not
 * own. This list is the contract documented on {@code RendererConfig.restoreGlState}: anything else the renderer
 * leaves as it found it.
 */
public final class GlStateSnapshot {
    /** Capabilities the renderer enables or disables. */
    private static final int[] CAPABILITIES = {GL_DEPTH_TEST, GL_BLEND, GL_CULL_FACE, GL_SCISSOR_TEST};

    private final IntBuffer ints = MemoryUtil.memAllocInt(16);
    private final FloatBuffer floats = MemoryUtil.memAllocFloat(4);
    private final LongBuffer longs = MemoryUtil.memAllocLong(1);
    private final boolean[] enabled = new boolean[CAPABILITIES.length];
    private int program;
    private int vertexArray;
    private int arrayBuffer;
    private int indirectBuffer;
    private int drawFramebuffer;
    private int genericUniformBuffer;
    private final int[] viewport = new int[4];
    private final float[] clearColor = new float[4];
    private float clearDepth;
    private final boolean[] colorMask = new boolean[4];
    private boolean depthMask;
    private int depthFunc;
    private int cullFaceMode;
    private int frontFace;
    private final int[] blend = new int[6];
    private final int[] uniformBuffer;
    private final long[] uniformStart;
    private final long[] uniformSize;
    private int genericStorageBuffer;
    private final int[] storageBuffer;
    private final long[] storageStart;
    private final long[] storageSize;
    private int activeTexture;
    private final int[] arrayTexture;
    private final int[] sampler;

    /**
     * @param uniformBindings the uniform buffer binding points the renderer uses: 0 to this, exclusive
     * @param storageBindings the shader storage buffer binding points it uses, likewise (0 on a context without them)
     * @param textureUnits    the texture units it binds 2D array textures and sampler objects on, likewise
     * @throws IllegalStateException if no context is current on this thread, or FlatScene closed the one that is
     */
    public GlStateSnapshot(int uniformBindings, int storageBindings, int textureUnits) {
        GlOwner.requireCurrent("a GL state snapshot");
        uniformBuffer = new int[uniformBindings];
        uniformStart = new long[uniformBindings];
        uniformSize = new long[uniformBindings];
        storageBuffer = new int[storageBindings];
        storageStart = new long[storageBindings];
        storageSize = new long[storageBindings];
        arrayTexture = new int[textureUnits];
        sampler = new int[textureUnits];
    }

    public void capture() {
        for (int i = 0; i < CAPABILITIES.length; i++) {
            enabled[i] = glIsEnabled(CAPABILITIES[i]);
        }
        program = integer(GL_CURRENT_PROGRAM);
        vertexArray = integer(GL_VERTEX_ARRAY_BINDING);
        arrayBuffer = integer(GL_ARRAY_BUFFER_BINDING);
        indirectBuffer = integer(GL_DRAW_INDIRECT_BUFFER_BINDING);
        drawFramebuffer = integer(GL_DRAW_FRAMEBUFFER_BINDING);
        ints.clear();
        glGetIntegerv(GL_VIEWPORT, ints);
        ints.get(0, viewport);
        floats.clear();
        glGetFloatv(GL_COLOR_CLEAR_VALUE, floats);
        floats.get(0, clearColor);
        floats.clear();
        glGetFloatv(GL_DEPTH_CLEAR_VALUE, floats);
        clearDepth = floats.get(0);
        ints.clear();
        glGetIntegerv(GL_COLOR_WRITEMASK, ints);
        for (int i = 0; i < 4; i++) {
            colorMask[i] = ints.get(i) != 0;
        }
        depthMask = integer(GL_DEPTH_WRITEMASK) != 0;
        depthFunc = integer(GL_DEPTH_FUNC);
        cullFaceMode = integer(GL_CULL_FACE_MODE);
        frontFace = integer(GL_FRONT_FACE);
        blend[0] = integer(GL_BLEND_SRC_RGB);
        blend[1] = integer(GL_BLEND_DST_RGB);
        blend[2] = integer(GL_BLEND_SRC_ALPHA);
        blend[3] = integer(GL_BLEND_DST_ALPHA);
        blend[4] = integer(GL_BLEND_EQUATION_RGB);
        blend[5] = integer(GL_BLEND_EQUATION_ALPHA);
        genericUniformBuffer = integer(GL_UNIFORM_BUFFER_BINDING);
        captureIndexed(GL_UNIFORM_BUFFER_BINDING, GL_UNIFORM_BUFFER_START, GL_UNIFORM_BUFFER_SIZE, uniformBuffer,
                uniformStart, uniformSize);
        if (storageBuffer.length > 0) {
            genericStorageBuffer = integer(GL_SHADER_STORAGE_BUFFER_BINDING);
            captureIndexed(GL_SHADER_STORAGE_BUFFER_BINDING, GL_SHADER_STORAGE_BUFFER_START,
                    GL_SHADER_STORAGE_BUFFER_SIZE, storageBuffer, storageStart, storageSize);
        }
        activeTexture = integer(GL_ACTIVE_TEXTURE);
        for (int unit = 0; unit < arrayTexture.length; unit++) {
            glActiveTexture(GL_TEXTURE0 + unit);
            arrayTexture[unit] = integer(GL_TEXTURE_BINDING_2D_ARRAY);
            sampler[unit] = integer(GL_SAMPLER_BINDING);
        }
        glActiveTexture(activeTexture);
    }

    private void captureIndexed(int binding, int start, int size, int[] buffers, long[] starts, long[] sizes) {
        for (int i = 0; i < buffers.length; i++) {
            // the buffer forms: LWJGL's single-value getters allocate a result holder per call
            glGetIntegeri_v(binding, i, ints);
            buffers[i] = ints.get(0);
            glGetInteger64i_v(start, i, longs);
            starts[i] = longs.get(0);
            glGetInteger64i_v(size, i, longs);
            sizes[i] = longs.get(0);
        }
    }

    private static void restoreIndexed(int target, int[] buffers, long[] starts, long[] sizes) {
        for (int i = 0; i < buffers.length; i++) {
            if (sizes[i] > 0) {
                glBindBufferRange(target, i, buffers[i], starts[i], sizes[i]);
            } else {
                glBindBufferBase(target, i, buffers[i]);
            }
        }
    }

    public void restore() {
        for (int i = 0; i < CAPABILITIES.length; i++) {
            if (enabled[i]) {
                glEnable(CAPABILITIES[i]);
            } else {
                glDisable(CAPABILITIES[i]);
            }
        }
        glUseProgram(program);
        glBindVertexArray(vertexArray);
        glBindBuffer(GL_ARRAY_BUFFER, arrayBuffer);
        glBindBuffer(GL_DRAW_INDIRECT_BUFFER, indirectBuffer);
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, drawFramebuffer);
        glViewport(viewport[0], viewport[1], viewport[2], viewport[3]);
        glClearColor(clearColor[0], clearColor[1], clearColor[2], clearColor[3]);
        glClearDepth(clearDepth);
        glColorMask(colorMask[0], colorMask[1], colorMask[2], colorMask[3]);
        glDepthMask(depthMask);
        glDepthFunc(depthFunc);
        glCullFace(cullFaceMode);
        glFrontFace(frontFace);
        glBlendFuncSeparate(blend[0], blend[1], blend[2], blend[3]);
        glBlendEquationSeparate(blend[4], blend[5]);
        restoreIndexed(GL_UNIFORM_BUFFER, uniformBuffer, uniformStart, uniformSize);
        // binding an indexed point also sets the generic binding, so the generic one is restored last
        glBindBuffer(GL_UNIFORM_BUFFER, genericUniformBuffer);
        if (storageBuffer.length > 0) {
            restoreIndexed(GL_SHADER_STORAGE_BUFFER, storageBuffer, storageStart, storageSize);
            glBindBuffer(GL_SHADER_STORAGE_BUFFER, genericStorageBuffer);
        }
        for (int unit = 0; unit < arrayTexture.length; unit++) {
            glActiveTexture(GL_TEXTURE0 + unit);
            glBindTexture(GL_TEXTURE_2D_ARRAY, arrayTexture[unit]);
            glBindSampler(unit, sampler[unit]);
        }
        glActiveTexture(activeTexture);
    }

    private int integer(int name) {
        ints.clear();
        glGetIntegerv(name, ints);
        return ints.get(0);
    }

    public void delete() {
        // memFree(Buffer): LWJGL 3.3.3 has no memFree(IntBuffer), memFree(FloatBuffer) or memFree(LongBuffer), which
        // 3.4 added
        MemoryUtil.memFree((Buffer) ints);
        MemoryUtil.memFree((Buffer) floats);
        MemoryUtil.memFree((Buffer) longs);
    }
}
