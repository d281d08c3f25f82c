package io.flatscene.render.gl;

import io.flatscene.render.owner.GlOwner;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

import static org.lwjgl.opengl.GL11C.glGetInteger;
import static org.lwjgl.opengl.GL20C.GL_COMPILE_STATUS;
import static org.lwjgl.opengl.GL20C.GL_CURRENT_PROGRAM;
import static org.lwjgl.opengl.GL20C.GL_FRAGMENT_SHADER;
import static org.lwjgl.opengl.GL20C.GL_LINK_STATUS;
import static org.lwjgl.opengl.GL20C.GL_VERTEX_SHADER;
import static org.lwjgl.opengl.GL20C.glAttachShader;
import static org.lwjgl.opengl.GL20C.glCompileShader;
import static org.lwjgl.opengl.GL20C.glCreateProgram;
import static org.lwjgl.opengl.GL20C.glCreateShader;
import static org.lwjgl.opengl.GL20C.glDeleteProgram;
import static org.lwjgl.opengl.GL20C.glDeleteShader;
import static org.lwjgl.opengl.GL20C.glDetachShader;
import static org.lwjgl.opengl.GL20C.glGetProgramInfoLog;
import static org.lwjgl.opengl.GL20C.glGetProgrami;
import static org.lwjgl.opengl.GL20C.glGetShaderInfoLog;
import static org.lwjgl.opengl.GL20C.glGetShaderi;
import static org.lwjgl.opengl.GL20C.glGetUniformLocation;
import static org.lwjgl.opengl.GL20C.glLinkProgram;
import static org.lwjgl.opengl.GL20C.glShaderSource;
import static org.lwjgl.opengl.GL20C.glUniform1iv;
import static org.lwjgl.opengl.GL20C.glUseProgram;
import static org.lwjgl.opengl.GL31C.GL_INVALID_INDEX;
import static org.lwjgl.opengl.GL31C.glGetUniformBlockIndex;
import static org.lwjgl.opengl.GL31C.glUniformBlockBinding;

/** A linked program built from shader sources on the module path, with a header of defines put in front of each. */
public final class ShaderProgram {
    private final int program;

    /**
     * @param header text placed before each source: the {@code #version} line and defines
     * @throws IllegalStateException with the driver's log when a stage fails to compile or the program to link; if
     *                               no context is current on this thread, or FlatScene closed the one that is
     */
    public ShaderProgram(String header, String vertexResource, String fragmentResource) {
        GlOwner.requireCurrent("shader program " + vertexResource + " + " + fragmentResource);
        int vertex = compile(GL_VERTEX_SHADER, vertexResource, header + source(vertexResource));
        int fragment;
        try {
            fragment = compile(GL_FRAGMENT_SHADER, fragmentResource, header + source(fragmentResource));
        } catch (RuntimeException e) {
            glDeleteShader(vertex);
            throw e;
        }
        program = glCreateProgram();
        glAttachShader(program, vertex);
        glAttachShader(program, fragment);
        glLinkProgram(program);
        glDetachShader(program, vertex);
        glDetachShader(program, fragment);
        glDeleteShader(vertex);
        glDeleteShader(fragment);
        if (glGetProgrami(program, GL_LINK_STATUS) == 0) {
            String log = glGetProgramInfoLog(program);
            glDeleteProgram(program);
            throw new IllegalStateException("shader program " + vertexResource + " + " + fragmentResource
                    + " failed to link: " + log);
        }
    }

    /** Reads a shader or shader fragment that sits next to this class. */
    public static String source(String resource) {
        try (InputStream in = ShaderProgram.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("shader source " + resource + " is missing from the module");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read shader source " + resource, e);
        }
    }

    private static int compile(int stage, String name, String source) {
        int shader = glCreateShader(stage);
        glShaderSource(shader, source);
        glCompileShader(shader);
        if (glGetShaderi(shader, GL_COMPILE_STATUS) == 0) {
            String log = glGetShaderInfoLog(shader);
            glDeleteShader(shader);
            throw new IllegalStateException("shader " + name + " failed to compile: " + log);
        }
        return shader;
    }

    /** Binds uniform block {@code block} to binding point {@code binding}; GLSL 4.10 cannot say it in the source. */
    public void bindUniformBlock(String block, int binding) {
        int index = glGetUniformBlockIndex(program, block);
        if (index == GL_INVALID_INDEX) {
            throw new IllegalStateException("shader program has no uniform block " + block);
        }
        glUniformBlockBinding(program, index, binding);
    }

    /**
     * Points sampler array {@code name}'s elements at texture units 0 to {@code units - 1}, in order; the program it
     * makes current is the one current before again.
     *
     * @throws IllegalStateException if the program has no active uniform of that name
     */
    public void bindSamplerArray(String name, int units) {
        int location = uniformLocation(name + "[0]");
        int previous = glGetInteger(GL_CURRENT_PROGRAM);
        int[] unitNumbers = new int[units];
        for (int unit = 0; unit < units; unit++) {
            unitNumbers[unit] = unit;
        }
        glUseProgram(program);
        glUniform1iv(location, unitNumbers);
        glUseProgram(previous);
    }

    /** @throws IllegalStateException if the program has no active uniform of that name */
    public int uniformLocation(String name) {
        int location = glGetUniformLocation(program, name);
        if (location < 0) {
            throw new IllegalStateException("shader program has no uniform " + name);
        }
        return location;
    }

    public int id() {
        return program;
    }

    public void delete() {
        glDeleteProgram(program);
    }
}
