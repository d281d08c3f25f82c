package io.flatscene.samples.jme;

import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
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
import static org.lwjgl.opengl.GL46C.GL_DEBUG_OUTPUT;
import static org.lwjgl.opengl.GL46C.GL_DEPTH_CLAMP;
import static org.lwjgl.opengl.GL46C.GL_DEPTH_CLEAR_VALUE;
import static org.lwjgl.opengl.GL46C.GL_DEPTH_FUNC;
import static org.lwjgl.opengl.GL46C.GL_DEPTH_RANGE;
import static org.lwjgl.opengl.GL46C.GL_DEPTH_TEST;
import static org.lwjgl.opengl.GL46C.GL_DEPTH_WRITEMASK;
import static org.lwjgl.opengl.GL46C.GL_DRAW_BUFFER0;
import static org.lwjgl.opengl.GL46C.GL_DRAW_FRAMEBUFFER_BINDING;
import static org.lwjgl.opengl.GL46C.GL_DRAW_INDIRECT_BUFFER_BINDING;
import static org.lwjgl.opengl.GL46C.GL_ELEMENT_ARRAY_BUFFER_BINDING;
import static org.lwjgl.opengl.GL46C.GL_FRAMEBUFFER_SRGB;
import static org.lwjgl.opengl.GL46C.GL_FRONT_FACE;
import static org.lwjgl.opengl.GL46C.GL_LINE_WIDTH;
import static org.lwjgl.opengl.GL46C.GL_MULTISAMPLE;
import static org.lwjgl.opengl.GL46C.GL_PACK_ALIGNMENT;
import static org.lwjgl.opengl.GL46C.GL_PACK_ROW_LENGTH;
import static org.lwjgl.opengl.GL46C.GL_PIXEL_PACK_BUFFER_BINDING;
import static org.lwjgl.opengl.GL46C.GL_PIXEL_UNPACK_BUFFER_BINDING;
import static org.lwjgl.opengl.GL46C.GL_POINT_SIZE;
import static org.lwjgl.opengl.GL46C.GL_POLYGON_MODE;
import static org.lwjgl.opengl.GL46C.GL_POLYGON_OFFSET_FACTOR;
import static org.lwjgl.opengl.GL46C.GL_POLYGON_OFFSET_FILL;
import static org.lwjgl.opengl.GL46C.GL_POLYGON_OFFSET_UNITS;
import static org.lwjgl.opengl.GL46C.GL_PRIMITIVE_RESTART;
import static org.lwjgl.opengl.GL46C.GL_PROGRAM_POINT_SIZE;
import static org.lwjgl.opengl.GL46C.GL_PROVOKING_VERTEX;
import static org.lwjgl.opengl.GL46C.GL_RASTERIZER_DISCARD;
import static org.lwjgl.opengl.GL46C.GL_READ_BUFFER;
import static org.lwjgl.opengl.GL46C.GL_READ_FRAMEBUFFER_BINDING;
import static org.lwjgl.opengl.GL46C.GL_RENDERBUFFER_BINDING;
import static org.lwjgl.opengl.GL46C.GL_SAMPLER_BINDING;
import static org.lwjgl.opengl.GL46C.GL_SAMPLE_ALPHA_TO_COVERAGE;
import static org.lwjgl.opengl.GL46C.GL_SCISSOR_BOX;
import static org.lwjgl.opengl.GL46C.GL_SCISSOR_TEST;
import static org.lwjgl.opengl.GL46C.GL_SHADER_STORAGE_BUFFER_BINDING;
import static org.lwjgl.opengl.GL46C.GL_SHADER_STORAGE_BUFFER_SIZE;
import static org.lwjgl.opengl.GL46C.GL_SHADER_STORAGE_BUFFER_START;
import static org.lwjgl.opengl.GL46C.GL_STENCIL_CLEAR_VALUE;
import static org.lwjgl.opengl.GL46C.GL_STENCIL_FAIL;
import static org.lwjgl.opengl.GL46C.GL_STENCIL_FUNC;
import static org.lwjgl.opengl.GL46C.GL_STENCIL_PASS_DEPTH_PASS;
import static org.lwjgl.opengl.GL46C.GL_STENCIL_REF;
import static org.lwjgl.opengl.GL46C.GL_STENCIL_TEST;
import static org.lwjgl.opengl.GL46C.GL_STENCIL_VALUE_MASK;
import static org.lwjgl.opengl.GL46C.GL_STENCIL_WRITEMASK;
import static org.lwjgl.opengl.GL46C.GL_TEXTURE0;
import static org.lwjgl.opengl.GL46C.GL_TEXTURE_BINDING_2D;
import static org.lwjgl.opengl.GL46C.GL_TEXTURE_BINDING_2D_ARRAY;
import static org.lwjgl.opengl.GL46C.GL_TEXTURE_BINDING_3D;
import static org.lwjgl.opengl.GL46C.GL_TEXTURE_BINDING_CUBE_MAP;
import static org.lwjgl.opengl.GL46C.GL_TEXTURE_CUBE_MAP_SEAMLESS;
import static org.lwjgl.opengl.GL46C.GL_UNIFORM_BUFFER_BINDING;
import static org.lwjgl.opengl.GL46C.GL_UNIFORM_BUFFER_SIZE;
import static org.lwjgl.opengl.GL46C.GL_UNIFORM_BUFFER_START;
import static org.lwjgl.opengl.GL46C.GL_UNPACK_ALIGNMENT;
import static org.lwjgl.opengl.GL46C.GL_UNPACK_ROW_LENGTH;
import static org.lwjgl.opengl.GL46C.GL_VERTEX_ARRAY_BINDING;
import static org.lwjgl.opengl.GL46C.GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING;
import static org.lwjgl.opengl.GL46C.GL_VERTEX_ATTRIB_ARRAY_ENABLED;
import static org.lwjgl.opengl.GL46C.GL_VIEWPORT;
import static org.lwjgl.opengl.GL46C.glActiveTexture;
import static org.lwjgl.opengl.GL46C.glGetFloatv;
import static org.lwjgl.opengl.GL46C.glGetInteger;
import static org.lwjgl.opengl.GL46C.glGetInteger64i;
import static org.lwjgl.opengl.GL46C.glGetIntegeri;
import static org.lwjgl.opengl.GL46C.glGetIntegerv;
import static org.lwjgl.opengl.GL46C.glGetVertexAttribi;
import static org.lwjgl.opengl.GL46C.glIsEnabled;

/**
 * The GL state a game engine keeps in its own cache, read by name from the context current on this thread: what a
 * renderer embedded in jME must hand back as it found it. It covers what FlatScene documents as touched and more
 * (stencil, polygon offset, sRGB writes, pixel storage, every texture target jME binds, the vertex attributes of the
 * bound vertex array), so that a change anywhere shows.
 */
final class GlState {
    private static final int[] CAPABILITIES = {GL_DEPTH_TEST, GL_BLEND, GL_CULL_FACE, GL_SCISSOR_TEST,
            GL_STENCIL_TEST, GL_POLYGON_OFFSET_FILL, GL_FRAMEBUFFER_SRGB, GL_MULTISAMPLE, GL_SAMPLE_ALPHA_TO_COVERAGE,
            GL_DEPTH_CLAMP, GL_PROGRAM_POINT_SIZE, GL_TEXTURE_CUBE_MAP_SEAMLESS, GL_PRIMITIVE_RESTART,
            GL_RASTERIZER_DISCARD, GL_DEBUG_OUTPUT};
    private static final String[] CAPABILITY_NAMES = {"depth test", "blend", "cull face", "scissor test",
            "stencil test", "polygon offset fill", "framebuffer sRGB", "multisample", "alpha to coverage",
            "depth clamp", "program point size", "seamless cube maps", "primitive restart", "rasterizer discard",
            "debug output"};
    private static final int[] INTEGERS = {GL_CURRENT_PROGRAM, GL_VERTEX_ARRAY_BINDING, GL_ARRAY_BUFFER_BINDING,
            GL_ELEMENT_ARRAY_BUFFER_BINDING, GL_DRAW_INDIRECT_BUFFER_BINDING, GL_DRAW_FRAMEBUFFER_BINDING,
            GL_READ_FRAMEBUFFER_BINDING, GL_RENDERBUFFER_BINDING, GL_UNIFORM_BUFFER_BINDING,
            GL_SHADER_STORAGE_BUFFER_BINDING, GL_COPY_READ_BUFFER_BINDING, GL_COPY_WRITE_BUFFER_BINDING,
            GL_PIXEL_PACK_BUFFER_BINDING, GL_PIXEL_UNPACK_BUFFER_BINDING, GL_DEPTH_WRITEMASK, GL_DEPTH_FUNC,
            GL_CULL_FACE_MODE, GL_FRONT_FACE, GL_BLEND_SRC_RGB, GL_BLEND_DST_RGB, GL_BLEND_SRC_ALPHA,
            GL_BLEND_DST_ALPHA, GL_BLEND_EQUATION_RGB, GL_BLEND_EQUATION_ALPHA, GL_ACTIVE_TEXTURE,
            GL_UNPACK_ALIGNMENT, GL_UNPACK_ROW_LENGTH, GL_PACK_ALIGNMENT, GL_PACK_ROW_LENGTH, GL_STENCIL_FUNC,
            GL_STENCIL_REF, GL_STENCIL_VALUE_MASK, GL_STENCIL_WRITEMASK, GL_STENCIL_FAIL, GL_STENCIL_PASS_DEPTH_PASS,
            GL_STENCIL_CLEAR_VALUE, GL_READ_BUFFER, GL_DRAW_BUFFER0, GL_PROVOKING_VERTEX};
    private static final String[] INTEGER_NAMES = {"program", "vertex array", "array buffer", "element array buffer",
            "draw indirect buffer", "draw framebuffer", "read framebuffer", "renderbuffer", "uniform buffer",
            "shader storage buffer", "copy read buffer", "copy write buffer", "pixel pack buffer",
            "pixel unpack buffer", "depth write mask", "depth func", "cull face mode", "front face", "blend src rgb",
            "blend dst rgb", "blend src alpha", "blend dst alpha", "blend equation rgb", "blend equation alpha",
            "active texture", "unpack alignment", "unpack row length", "pack alignment", "pack row length",
            "stencil func", "stencil ref", "stencil value mask", "stencil write mask", "stencil fail",
            "stencil pass", "stencil clear value", "read buffer", "draw buffer 0", "provoking vertex"};
    private static final int[] VECTORS = {GL_VIEWPORT, GL_SCISSOR_BOX, GL_COLOR_WRITEMASK, GL_POLYGON_MODE};
    private static final int[] VECTOR_SIZES = {4, 4, 4, 2};
    private static final String[] VECTOR_NAMES = {"viewport", "scissor box", "color write mask", "polygon mode"};
    private static final int[] FLOATS = {GL_COLOR_CLEAR_VALUE, GL_BLEND_COLOR, GL_DEPTH_CLEAR_VALUE, GL_DEPTH_RANGE,
            GL_POLYGON_OFFSET_FACTOR, GL_POLYGON_OFFSET_UNITS, GL_LINE_WIDTH, GL_POINT_SIZE};
    private static final int[] FLOAT_SIZES = {4, 4, 1, 2, 1, 1, 1, 1};
    private static final String[] FLOAT_NAMES = {"clear color", "blend color", "depth clear value", "depth range",
            "polygon offset factor", "polygon offset units", "line width", "point size"};
    private static final int[] TEXTURE_TARGETS = {GL_TEXTURE_BINDING_2D, GL_TEXTURE_BINDING_2D_ARRAY,
            GL_TEXTURE_BINDING_CUBE_MAP, GL_TEXTURE_BINDING_3D, GL_SAMPLER_BINDING};
    private static final String[] TEXTURE_TARGET_NAMES = {"2d", "2d array", "cube map", "3d", "sampler"};
    private static final int TEXTURE_UNITS = 16;
    private static final int UNIFORM_BINDINGS = 4;
    private static final int STORAGE_BINDINGS = 2;
    private static final int VERTEX_ATTRIBUTES = 8;

    private GlState() {
    }

    /** {@return how many values {@link #read} reads} */
    static int size() {
        return CAPABILITIES.length + INTEGERS.length + IntStream.of(VECTOR_SIZES).sum() + IntStream.of(FLOAT_SIZES)
                .sum() + UNIFORM_BINDINGS + STORAGE_BINDINGS + TEXTURE_UNITS * TEXTURE_TARGETS.length
                + VERTEX_ATTRIBUTES;
    }

    /** {@return every value by name, in a fixed order} Reading the texture units leaves the active unit as it was. */
    static Map<String, String> read() {
        Map<String, String> state = new LinkedHashMap<>();
        for (int i = 0; i < CAPABILITIES.length; i++) {
            state.put(CAPABILITY_NAMES[i], String.valueOf(glIsEnabled(CAPABILITIES[i])));
        }
        for (int i = 0; i < INTEGERS.length; i++) {
            state.put(INTEGER_NAMES[i], String.valueOf(glGetInteger(INTEGERS[i])));
        }
        try (MemoryStack stack = MemoryStack.stackPush()) {
            IntBuffer ints = stack.callocInt(4);
            for (int i = 0; i < VECTORS.length; i++) {
                ints.clear();
                glGetIntegerv(VECTORS[i], ints);
                for (int component = 0; component < VECTOR_SIZES[i]; component++) {
                    state.put(VECTOR_NAMES[i] + " " + component, String.valueOf(ints.get(component)));
                }
            }
            FloatBuffer floats = stack.callocFloat(4);
            for (int i = 0; i < FLOATS.length; i++) {
                floats.clear();
                glGetFloatv(FLOATS[i], floats);
                for (int component = 0; component < FLOAT_SIZES[i]; component++) {
                    state.put(FLOAT_NAMES[i] + " " + component, String.valueOf(floats.get(component)));
                }
            }
        }
        for (int binding = 0; binding < UNIFORM_BINDINGS; binding++) {
            state.put("uniform buffer " + binding, glGetIntegeri(GL_UNIFORM_BUFFER_BINDING, binding) + "@"
                    + glGetInteger64i(GL_UNIFORM_BUFFER_START, binding) + "+"
                    + glGetInteger64i(GL_UNIFORM_BUFFER_SIZE, binding));
        }
        for (int binding = 0; binding < STORAGE_BINDINGS; binding++) {
            state.put("shader storage buffer " + binding, glGetIntegeri(GL_SHADER_STORAGE_BUFFER_BINDING, binding)
                    + "@" + glGetInteger64i(GL_SHADER_STORAGE_BUFFER_START, binding) + "+"
                    + glGetInteger64i(GL_SHADER_STORAGE_BUFFER_SIZE, binding));
        }
        int active = glGetInteger(GL_ACTIVE_TEXTURE);
        for (int unit = 0; unit < TEXTURE_UNITS; unit++) {
            glActiveTexture(GL_TEXTURE0 + unit);
            for (int i = 0; i < TEXTURE_TARGETS.length; i++) {
                state.put("unit " + unit + " " + TEXTURE_TARGET_NAMES[i], String.valueOf(
                        glGetInteger(TEXTURE_TARGETS[i])));
            }
        }
        glActiveTexture(active);
        for (int attribute = 0; attribute < VERTEX_ATTRIBUTES; attribute++) {
            state.put("attribute " + attribute, glGetVertexAttribi(attribute, GL_VERTEX_ATTRIB_ARRAY_ENABLED) + " "
                    + glGetVertexAttribi(attribute, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING));
        }
        return state;
    }

    /** {@return "name: before -> after" for every value that differs} */
    static List<String> differences(Map<String, String> before, Map<String, String> after) {
        List<String> changed = new ArrayList<>();
        before.forEach((name, value) -> {
            if (!value.equals(after.get(name))) {
                changed.add(name + ": " + value + " -> " + after.get(name));
            }
        });
        return changed;
    }
}
