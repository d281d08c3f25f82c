package io.flatscene.samples.libgdx;

import java.util.ArrayList;
import java.util.List;
import org.lwjgl.opengl.GL;
import org.lwjgl.system.MemoryStack;

import static org.lwjgl.opengl.GL46C.GL_ACTIVE_TEXTURE;
import static org.lwjgl.opengl.GL46C.GL_ARRAY_BUFFER_BINDING;
import static org.lwjgl.opengl.GL46C.GL_BLEND;
import static org.lwjgl.opengl.GL46C.GL_BLEND_COLOR;
import static org.lwjgl.opengl.GL46C.GL_BLEND_DST_ALPHA;
import static org.lwjgl.opengl.GL46C.GL_BLEND_DST_RGB;
import static org.lwjgl.opengl.GL46C.GL_BLEND_EQUATION_ALPHA;
import static org.lwjgl.opengl.GL46C.GL_BLEND_EQUATION_RGB;
import static org.lwjgl.opengl.GL46C.GL_BLEND_SRC_ALPHA;
import static org.lwjgl.opengl.GL46C.GL_BLEND_SRC_RGB;
import static org.lwjgl.opengl.GL46C.GL_COLOR_CLEAR_VALUE;
import static org.lwjgl.opengl.GL46C.GL_COLOR_WRITEMASK;
import static org.lwjgl.opengl.GL46C.GL_COPY_READ_BUFFER_BINDING;
import static org.lwjgl.opengl.GL46C.GL_COPY_WRITE_BUFFER_BINDING;
import static org.lwjgl.opengl.GL46C.GL_CULL_FACE;
import static org.lwjgl.opengl.GL46C.GL_CULL_FACE_MODE;
import static org.lwjgl.opengl.GL46C.GL_CURRENT_PROGRAM;
import static org.lwjgl.opengl.GL46C.GL_DEPTH_CLEAR_VALUE;
import static org.lwjgl.opengl.GL46C.GL_DEPTH_FUNC;
import static org.lwjgl.opengl.GL46C.GL_DEPTH_RANGE;
import static org.lwjgl.opengl.GL46C.GL_DEPTH_TEST;
import static org.lwjgl.opengl.GL46C.GL_DEPTH_WRITEMASK;
import static org.lwjgl.opengl.GL46C.GL_DRAW_FRAMEBUFFER_BINDING;
import static org.lwjgl.opengl.GL46C.GL_DRAW_INDIRECT_BUFFER_BINDING;
import static org.lwjgl.opengl.GL46C.GL_ELEMENT_ARRAY_BUFFER_BINDING;
import static org.lwjgl.opengl.GL46C.GL_FRAMEBUFFER_SRGB;
import static org.lwjgl.opengl.GL46C.GL_FRONT_FACE;
import static org.lwjgl.opengl.GL46C.GL_PACK_ALIGNMENT;
import static org.lwjgl.opengl.GL46C.GL_PIXEL_PACK_BUFFER_BINDING;
import static org.lwjgl.opengl.GL46C.GL_PIXEL_UNPACK_BUFFER_BINDING;
import static org.lwjgl.opengl.GL46C.GL_POLYGON_OFFSET_FILL;
import static org.lwjgl.opengl.GL46C.GL_READ_FRAMEBUFFER_BINDING;
import static org.lwjgl.opengl.GL46C.GL_RENDERBUFFER_BINDING;
import static org.lwjgl.opengl.GL46C.GL_SAMPLER_BINDING;
import static org.lwjgl.opengl.GL46C.GL_SAMPLE_ALPHA_TO_COVERAGE;
import static org.lwjgl.opengl.GL46C.GL_SCISSOR_BOX;
import static org.lwjgl.opengl.GL46C.GL_SCISSOR_TEST;
import static org.lwjgl.opengl.GL46C.GL_SHADER_STORAGE_BUFFER_BINDING;
import static org.lwjgl.opengl.GL46C.GL_SHADER_STORAGE_BUFFER_SIZE;
import static org.lwjgl.opengl.GL46C.GL_SHADER_STORAGE_BUFFER_START;
import static org.lwjgl.opengl.GL46C.GL_STENCIL_FUNC;
import static org.lwjgl.opengl.GL46C.GL_STENCIL_TEST;
import static org.lwjgl.opengl.GL46C.GL_STENCIL_WRITEMASK;
import static org.lwjgl.opengl.GL46C.GL_TEXTURE0;
import static org.lwjgl.opengl.GL46C.GL_TEXTURE_BINDING_2D;
import static org.lwjgl.opengl.GL46C.GL_TEXTURE_BINDING_2D_ARRAY;
import static org.lwjgl.opengl.GL46C.GL_UNIFORM_BUFFER_BINDING;
import static org.lwjgl.opengl.GL46C.GL_UNIFORM_BUFFER_SIZE;
import static org.lwjgl.opengl.GL46C.GL_UNIFORM_BUFFER_START;
import static org.lwjgl.opengl.GL46C.GL_UNPACK_ALIGNMENT;
import static org.lwjgl.opengl.GL46C.GL_UNPACK_ROW_LENGTH;
import static org.lwjgl.opengl.GL46C.GL_VERTEX_ARRAY_BINDING;
import static org.lwjgl.opengl.GL46C.GL_VIEWPORT;
import static org.lwjgl.opengl.GL46C.glActiveTexture;
import static org.lwjgl.opengl.GL46C.glGetFloatv;
import static org.lwjgl.opengl.GL46C.glGetInteger;
import static org.lwjgl.opengl.GL46C.glGetInteger64i;
import static org.lwjgl.opengl.GL46C.glGetIntegeri;
import static org.lwjgl.opengl.GL46C.glGetIntegerv;
import static org.lwjgl.opengl.GL46C.glIsEnabled;

/**
 * Reads the GL state a game relies on between its own draws, as named values, so that two readings taken around
 * FlatScene's draw can be compared value by value. It covers what FlatScene documents as touched and restored, and
 * more (2D texture bindings, read framebuffer, copy and pack buffers, stencil, blend colour), since a change to any of
 * it would break the game's next draw.
 */
final class GlStateReader {
    /** The texture units read: FlatScene uses up to eight texture arrays; libGDX binds its textures on unit 0. */
    static final int TEXTURE_UNITS = 8;
    private static final int[] CAPABILITIES = {GL_BLEND, GL_CULL_FACE, GL_DEPTH_TEST, GL_SCISSOR_TEST,
            GL_STENCIL_TEST, GL_POLYGON_OFFSET_FILL, GL_FRAMEBUFFER_SRGB, GL_SAMPLE_ALPHA_TO_COVERAGE};
    private static final String[] CAPABILITY_NAMES = {"BLEND", "CULL_FACE", "DEPTH_TEST", "SCISSOR_TEST",
            "STENCIL_TEST", "POLYGON_OFFSET_FILL", "FRAMEBUFFER_SRGB", "SAMPLE_ALPHA_TO_COVERAGE"};
    private static final int[] INTEGERS = {GL_CURRENT_PROGRAM, GL_VERTEX_ARRAY_BINDING, GL_ARRAY_BUFFER_BINDING,
            GL_ELEMENT_ARRAY_BUFFER_BINDING, GL_DRAW_INDIRECT_BUFFER_BINDING, GL_COPY_READ_BUFFER_BINDING,
            GL_COPY_WRITE_BUFFER_BINDING, GL_PIXEL_PACK_BUFFER_BINDING, GL_PIXEL_UNPACK_BUFFER_BINDING,
            GL_UNIFORM_BUFFER_BINDING, GL_DRAW_FRAMEBUFFER_BINDING, GL_READ_FRAMEBUFFER_BINDING,
            GL_RENDERBUFFER_BINDING, GL_ACTIVE_TEXTURE, GL_DEPTH_WRITEMASK, GL_DEPTH_FUNC, GL_CULL_FACE_MODE,
            GL_FRONT_FACE, GL_BLEND_SRC_RGB, GL_BLEND_DST_RGB, GL_BLEND_SRC_ALPHA, GL_BLEND_DST_ALPHA,
            GL_BLEND_EQUATION_RGB, GL_BLEND_EQUATION_ALPHA, GL_STENCIL_WRITEMASK, GL_STENCIL_FUNC, GL_UNPACK_ALIGNMENT,
            GL_PACK_ALIGNMENT, GL_UNPACK_ROW_LENGTH};
    private static final String[] INTEGER_NAMES = {"CURRENT_PROGRAM", "VERTEX_ARRAY_BINDING", "ARRAY_BUFFER_BINDING",
            "ELEMENT_ARRAY_BUFFER_BINDING", "DRAW_INDIRECT_BUFFER_BINDING", "COPY_READ_BUFFER_BINDING",
            "COPY_WRITE_BUFFER_BINDING", "PIXEL_PACK_BUFFER_BINDING", "PIXEL_UNPACK_BUFFER_BINDING",
            "UNIFORM_BUFFER_BINDING", "DRAW_FRAMEBUFFER_BINDING", "READ_FRAMEBUFFER_BINDING", "RENDERBUFFER_BINDING",
            "ACTIVE_TEXTURE", "DEPTH_WRITEMASK", "DEPTH_FUNC", "CULL_FACE_MODE", "FRONT_FACE", "BLEND_SRC_RGB",
            "BLEND_DST_RGB", "BLEND_SRC_ALPHA", "BLEND_DST_ALPHA", "BLEND_EQUATION_RGB", "BLEND_EQUATION_ALPHA",
            "STENCIL_WRITEMASK", "STENCIL_FUNC", "UNPACK_ALIGNMENT", "PACK_ALIGNMENT", "UNPACK_ROW_LENGTH"};

    /** One reading: every value with its name, in a fixed order. */
    record Reading(List<String> names, List<Double> values) {
        /** {@return "NAME before -> after" for each value that differs in {@code after}} */
        List<String> differences(Reading after) {
            List<String> changed = new ArrayList<>();
            for (int i = 0; i < values.size(); i++) {
                if (!values.get(i).equals(after.values.get(i))) {
                    changed.add(names.get(i) + " " + values.get(i) + " -> " + after.values.get(i));
                }
            }
            return changed;
        }
    }

    private GlStateReader() {
    }

    /** Reads every value; leaves the state as it found it (the active texture unit is put back). */
    static Reading read() {
        List<String> names = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        for (int i = 0; i < CAPABILITIES.length; i++) {
            add(names, values, CAPABILITY_NAMES[i], glIsEnabled(CAPABILITIES[i]) ? 1 : 0);
        }
        for (int i = 0; i < INTEGERS.length; i++) {
            add(names, values, INTEGER_NAMES[i], glGetInteger(INTEGERS[i]));
        }
        try (MemoryStack stack = MemoryStack.stackPush()) {
            var ints = stack.mallocInt(4);
            var floats = stack.mallocFloat(4);
            glGetIntegerv(GL_VIEWPORT, ints);
            addAll(names, values, "VIEWPORT", ints.get(0), ints.get(1), ints.get(2), ints.get(3));
            glGetIntegerv(GL_SCISSOR_BOX, ints);
            addAll(names, values, "SCISSOR_BOX", ints.get(0), ints.get(1), ints.get(2), ints.get(3));
            glGetIntegerv(GL_COLOR_WRITEMASK, ints);
            addAll(names, values, "COLOR_WRITEMASK", ints.get(0), ints.get(1), ints.get(2), ints.get(3));
            glGetFloatv(GL_COLOR_CLEAR_VALUE, floats);
            addAll(names, values, "COLOR_CLEAR_VALUE", floats.get(0), floats.get(1), floats.get(2), floats.get(3));
            glGetFloatv(GL_BLEND_COLOR, floats);
            addAll(names, values, "BLEND_COLOR", floats.get(0), floats.get(1), floats.get(2), floats.get(3));
            glGetFloatv(GL_DEPTH_RANGE, floats);
            addAll(names, values, "DEPTH_RANGE", floats.get(0), floats.get(1));
            glGetFloatv(GL_DEPTH_CLEAR_VALUE, floats);
            add(names, values, "DEPTH_CLEAR_VALUE", floats.get(0));
        }
        for (int index = 0; index < 2; index++) {
            String at = "[" + index + "]";
            add(names, values, "UNIFORM_BUFFER_BINDING" + at, glGetIntegeri(GL_UNIFORM_BUFFER_BINDING, index));
            add(names, values, "UNIFORM_BUFFER_START" + at, glGetInteger64i(GL_UNIFORM_BUFFER_START, index));
            add(names, values, "UNIFORM_BUFFER_SIZE" + at, glGetInteger64i(GL_UNIFORM_BUFFER_SIZE, index));
        }
        if (GL.getCapabilities().OpenGL43) {
            add(names, values, "SHADER_STORAGE_BUFFER_BINDING", glGetInteger(GL_SHADER_STORAGE_BUFFER_BINDING));
            add(names, values, "SHADER_STORAGE_BUFFER_BINDING[0]", glGetIntegeri(GL_SHADER_STORAGE_BUFFER_BINDING, 0));
            add(names, values, "SHADER_STORAGE_BUFFER_START[0]", glGetInteger64i(GL_SHADER_STORAGE_BUFFER_START, 0));
            add(names, values, "SHADER_STORAGE_BUFFER_SIZE[0]", glGetInteger64i(GL_SHADER_STORAGE_BUFFER_SIZE, 0));
        }
        int active = glGetInteger(GL_ACTIVE_TEXTURE);
        for (int unit = 0; unit < TEXTURE_UNITS; unit++) {
            glActiveTexture(GL_TEXTURE0 + unit);
            add(names, values, "unit " + unit + " TEXTURE_BINDING_2D", glGetInteger(GL_TEXTURE_BINDING_2D));
            add(names, values, "unit " + unit + " TEXTURE_BINDING_2D_ARRAY", glGetInteger(GL_TEXTURE_BINDING_2D_ARRAY));
            add(names, values, "unit " + unit + " SAMPLER_BINDING", glGetInteger(GL_SAMPLER_BINDING));
        }
        glActiveTexture(active);
        return new Reading(List.copyOf(names), List.copyOf(values));
    }

    private static void add(List<String> names, List<Double> values, String name, double value) {
        names.add(name);
        values.add(value);
    }

    private static void addAll(List<String> names, List<Double> values, String name, double... read) {
        for (int i = 0; i < read.length; i++) {
            add(names, values, name + "[" + i + "]", read[i]);
        }
    }
}
