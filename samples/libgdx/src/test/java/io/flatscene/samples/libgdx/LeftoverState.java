package io.flatscene.samples.libgdx;

import java.util.ArrayDeque;
import java.util.Deque;

import static org.lwjgl.opengl.GL46C.GL_ACTIVE_TEXTURE;
import static org.lwjgl.opengl.GL46C.GL_BLEND;
import static org.lwjgl.opengl.GL46C.GL_BLEND_DST_ALPHA;
import static org.lwjgl.opengl.GL46C.GL_BLEND_DST_RGB;
import static org.lwjgl.opengl.GL46C.GL_BLEND_EQUATION_ALPHA;
import static org.lwjgl.opengl.GL46C.GL_BLEND_EQUATION_RGB;
import static org.lwjgl.opengl.GL46C.GL_BLEND_SRC_ALPHA;
import static org.lwjgl.opengl.GL46C.GL_BLEND_SRC_RGB;
import static org.lwjgl.opengl.GL46C.GL_COLOR_CLEAR_VALUE;
import static org.lwjgl.opengl.GL46C.GL_CULL_FACE;
import static org.lwjgl.opengl.GL46C.GL_CULL_FACE_MODE;
import static org.lwjgl.opengl.GL46C.GL_CW;
import static org.lwjgl.opengl.GL46C.GL_DEPTH_FUNC;
import static org.lwjgl.opengl.GL46C.GL_DEPTH_WRITEMASK;
import static org.lwjgl.opengl.GL46C.GL_DYNAMIC_DRAW;
import static org.lwjgl.opengl.GL46C.GL_FRONT;
import static org.lwjgl.opengl.GL46C.GL_FRONT_FACE;
import static org.lwjgl.opengl.GL46C.GL_FUNC_SUBTRACT;
import static org.lwjgl.opengl.GL46C.GL_GEQUAL;
import static org.lwjgl.opengl.GL46C.GL_MAX;
import static org.lwjgl.opengl.GL46C.GL_ONE;
import static org.lwjgl.opengl.GL46C.GL_SCISSOR_BOX;
import static org.lwjgl.opengl.GL46C.GL_SCISSOR_TEST;
import static org.lwjgl.opengl.GL46C.GL_SRC_COLOR;
import static org.lwjgl.opengl.GL46C.GL_TEXTURE2;
import static org.lwjgl.opengl.GL46C.GL_TEXTURE3;
import static org.lwjgl.opengl.GL46C.GL_TEXTURE_2D_ARRAY;
import static org.lwjgl.opengl.GL46C.GL_TEXTURE_BINDING_2D_ARRAY;
import static org.lwjgl.opengl.GL46C.GL_UNIFORM_BUFFER;
import static org.lwjgl.opengl.GL46C.GL_UNIFORM_BUFFER_BINDING;
import static org.lwjgl.opengl.GL46C.GL_UNIFORM_BUFFER_SIZE;
import static org.lwjgl.opengl.GL46C.GL_UNIFORM_BUFFER_START;
import static org.lwjgl.opengl.GL46C.GL_UNPACK_ALIGNMENT;
import static org.lwjgl.opengl.GL46C.GL_ZERO;
import static org.lwjgl.opengl.GL46C.glActiveTexture;
import static org.lwjgl.opengl.GL46C.glBindBuffer;
import static org.lwjgl.opengl.GL46C.glBindBufferBase;
import static org.lwjgl.opengl.GL46C.glBindBufferRange;
import static org.lwjgl.opengl.GL46C.glBindTexture;
import static org.lwjgl.opengl.GL46C.glBlendEquationSeparate;
import static org.lwjgl.opengl.GL46C.glBlendFuncSeparate;
import static org.lwjgl.opengl.GL46C.glBufferData;
import static org.lwjgl.opengl.GL46C.glClearColor;
import static org.lwjgl.opengl.GL46C.glCullFace;
import static org.lwjgl.opengl.GL46C.glDeleteBuffers;
import static org.lwjgl.opengl.GL46C.glDeleteTextures;
import static org.lwjgl.opengl.GL46C.glDepthFunc;
import static org.lwjgl.opengl.GL46C.glDepthMask;
import static org.lwjgl.opengl.GL46C.glDisable;
import static org.lwjgl.opengl.GL46C.glEnable;
import static org.lwjgl.opengl.GL46C.glFrontFace;
import static org.lwjgl.opengl.GL46C.glGenBuffers;
import static org.lwjgl.opengl.GL46C.glGenTextures;
import static org.lwjgl.opengl.GL46C.glGetFloatv;
import static org.lwjgl.opengl.GL46C.glGetInteger;
import static org.lwjgl.opengl.GL46C.glGetInteger64i;
import static org.lwjgl.opengl.GL46C.glGetIntegeri;
import static org.lwjgl.opengl.GL46C.glGetIntegerv;
import static org.lwjgl.opengl.GL46C.glIsEnabled;
import static org.lwjgl.opengl.GL46C.glPixelStorei;
import static org.lwjgl.opengl.GL46C.glScissor;

/**
 * State a careless game leaves set when it hands over to FlatScene, every value unlike what FlatScene draws with:
 * texture unit 3 active, its own texture array on unit 2, its uniform buffer on binding 0, blending, front-face
 * culling with clockwise fronts, a scissor box, a reversed depth test without depth writes, unpack alignment 2 and a
 * clear colour. {@link #undo()} puts back what libGDX had, so that its next SpriteBatch draw is unaffected.
 */
final class LeftoverState {
    private final int texture;
    private final int buffer;
    private final Deque<Runnable> undo = new ArrayDeque<>();

    /** Makes the game's texture and uniform buffer; the generic uniform buffer binding is put back. */
    LeftoverState() {
        texture = glGenTextures();
        buffer = glGenBuffers();
        int bound = glGetInteger(GL_UNIFORM_BUFFER_BINDING);
        glBindBuffer(GL_UNIFORM_BUFFER, buffer);
        glBufferData(GL_UNIFORM_BUFFER, 1024, GL_DYNAMIC_DRAW);
        glBindBuffer(GL_UNIFORM_BUFFER, bound);
    }

    void apply() {
        int active = glGetInteger(GL_ACTIVE_TEXTURE);
        glActiveTexture(GL_TEXTURE2);
        int array = glGetInteger(GL_TEXTURE_BINDING_2D_ARRAY);
        glBindTexture(GL_TEXTURE_2D_ARRAY, texture);
        glActiveTexture(GL_TEXTURE3);
        undo.push(() -> {
            glActiveTexture(GL_TEXTURE2);
            glBindTexture(GL_TEXTURE_2D_ARRAY, array);
            glActiveTexture(active);
        });

        int generic = glGetInteger(GL_UNIFORM_BUFFER_BINDING);
        int indexed = glGetIntegeri(GL_UNIFORM_BUFFER_BINDING, 0);
        long start = glGetInteger64i(GL_UNIFORM_BUFFER_START, 0);
        long size = glGetInteger64i(GL_UNIFORM_BUFFER_SIZE, 0);
        glBindBufferRange(GL_UNIFORM_BUFFER, 0, buffer, 256, 512);
        undo.push(() -> {
            if (indexed == 0 || size == 0) {
                glBindBufferBase(GL_UNIFORM_BUFFER, 0, indexed);
            } else {
                glBindBufferRange(GL_UNIFORM_BUFFER, 0, indexed, start, size);
            }
            glBindBuffer(GL_UNIFORM_BUFFER, generic);
        });

        int[] blend = {glGetInteger(GL_BLEND_SRC_RGB), glGetInteger(GL_BLEND_DST_RGB),
                glGetInteger(GL_BLEND_SRC_ALPHA), glGetInteger(GL_BLEND_DST_ALPHA),
                glGetInteger(GL_BLEND_EQUATION_RGB), glGetInteger(GL_BLEND_EQUATION_ALPHA)};
        enable(GL_BLEND, true);
        glBlendFuncSeparate(GL_ONE, GL_ONE, GL_ZERO, GL_SRC_COLOR);
        glBlendEquationSeparate(GL_FUNC_SUBTRACT, GL_MAX);
        undo.push(() -> {
            glBlendFuncSeparate(blend[0], blend[1], blend[2], blend[3]);
            glBlendEquationSeparate(blend[4], blend[5]);
        });

        int cullMode = glGetInteger(GL_CULL_FACE_MODE);
        int frontFace = glGetInteger(GL_FRONT_FACE);
        enable(GL_CULL_FACE, true);
        glCullFace(GL_FRONT);
        glFrontFace(GL_CW);
        undo.push(() -> {
            glCullFace(cullMode);
            glFrontFace(frontFace);
        });

        int[] box = new int[4];
        glGetIntegerv(GL_SCISSOR_BOX, box);
        enable(GL_SCISSOR_TEST, true);
        glScissor(10, 20, 30, 40);
        undo.push(() -> glScissor(box[0], box[1], box[2], box[3]));

        int depthFunc = glGetInteger(GL_DEPTH_FUNC);
        boolean depthWrites = glGetInteger(GL_DEPTH_WRITEMASK) != 0;
        glDepthFunc(GL_GEQUAL);
        glDepthMask(false);
        undo.push(() -> {
            glDepthFunc(depthFunc);
            glDepthMask(depthWrites);
        });

        int alignment = glGetInteger(GL_UNPACK_ALIGNMENT);
        glPixelStorei(GL_UNPACK_ALIGNMENT, 2);
        undo.push(() -> glPixelStorei(GL_UNPACK_ALIGNMENT, alignment));

        float[] clear = new float[4];
        glGetFloatv(GL_COLOR_CLEAR_VALUE, clear);
        glClearColor(0.25f, 0.5f, 0.75f, 0.5f);
        undo.push(() -> glClearColor(clear[0], clear[1], clear[2], clear[3]));
    }

    /** Puts back every value {@link #apply()} changed, last change first. */
    void undo() {
        while (!undo.isEmpty()) {
            undo.pop().run();
        }
    }

    void delete() {
        glDeleteTextures(texture);
        glDeleteBuffers(buffer);
    }

    private void enable(int capability, boolean on) {
        boolean was = glIsEnabled(capability);
        setEnabled(capability, on);
        undo.push(() -> setEnabled(capability, was));
    }

    private static void setEnabled(int capability, boolean on) {
        if (on) {
            glEnable(capability);
        } else {
            glDisable(capability);
        }
    }
}
