package io.flatscene.render.internal;

import io.flatscene.core.scene.Light;
import io.flatscene.core.scene.RenderQueue;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.joml.Matrix4f;
import org.joml.Vector3f;
import org.lwjgl.system.MemoryUtil;

import static org.lwjgl.opengl.GL15C.GL_DYNAMIC_DRAW;
import static org.lwjgl.opengl.GL15C.glBindBuffer;
import static org.lwjgl.opengl.GL15C.glBufferData;
import static org.lwjgl.opengl.GL15C.glBufferSubData;
import static org.lwjgl.opengl.GL15C.glDeleteBuffers;
import static org.lwjgl.opengl.GL15C.glGenBuffers;
import static org.lwjgl.opengl.GL31C.GL_UNIFORM_BUFFER;

/**
 * The per-frame uniform block of {@code frame.glsl}: camera, ambient light, the first directional light and the
 * local (point and spot) lights nearest the camera, up to the configured number. Written without allocation. The
 * first frame that drops a light says so, once for local lights and once for directional ones: a scene whose lights
 * go dark without a word is hard to debug, and a line every frame would bury the log.
 */
public final class FrameUniforms {
    private static final Logger LOG = LogManager.getLogger(FrameUniforms.class);
    private static final int HEADER_BYTES = 144;
    private static final int LIGHT_BYTES = 64;

    private final int maxLights;
    private final String maxLightsKey;
    private final int maxLightsLimit;
    private final ByteBuffer staging;
    private final int buffer;
    private final Matrix4f viewProjection = new Matrix4f();
    /**
     * The prepared view-projection's first row, and what decides whether a draw rescales it: kept apart from the
     * staging, which {@link #fitTo} rewrites for each target, and from the queue, which the scene may cull into again
     * between prepare and draw.
     */
    private final float[] firstRow = new float[4];
    private boolean aspectFixed;
    private int viewportWidth;
    private int viewportHeight;
    private final Vector3f cameraPosition = new Vector3f();
    private final Vector3f position = new Vector3f();
    private final Vector3f direction = new Vector3f();
    private final Vector3f color = new Vector3f();
    /** The nearest local lights so far, nearest first: index in the queue's lights and squared distance. */
    private final int[] nearest;
    private final float[] nearestDistance;
    private boolean localDropWarned;
    private boolean directionalDropWarned;

    /**
     * @param maxLightsKey   the configuration key of {@code maxLights}, which the warning of dropped lights names
     * @param maxLightsLimit the most that key allows
     */
    public FrameUniforms(int maxLights, String maxLightsKey, int maxLightsLimit) {
        this.maxLights = maxLights;
        this.maxLightsKey = maxLightsKey;
        this.maxLightsLimit = maxLightsLimit;
        nearest = new int[maxLights];
        nearestDistance = new float[maxLights];
        staging = MemoryUtil.memAlloc(HEADER_BYTES + LIGHT_BYTES * Math.max(1, maxLights));
        buffer = glGenBuffers();
        glBindBuffer(GL_UNIFORM_BUFFER, buffer);
        glBufferData(GL_UNIFORM_BUFFER, staging.capacity(), GL_DYNAMIC_DRAW);
        glBindBuffer(GL_UNIFORM_BUFFER, 0);
    }

    /**
     * Fills the block from a culled queue: its camera snapshot and its lights; returns the bytes the upload will
     * send.
     */
    public long write(RenderQueue queue, float[] ambient) {
        queue.getViewProjection(viewProjection).get(0, staging);
        for (int column = 0; column < 4; column++) {
            firstRow[column] = viewProjection.get(column, 0);
        }
        aspectFixed = queue.isAspectRatioFixed();
        viewportWidth = queue.viewportWidth();
        viewportHeight = queue.viewportHeight();
        queue.getCameraPosition(cameraPosition);
        putVec4(64, cameraPosition.x, cameraPosition.y, cameraPosition.z, 1f);
        putVec4(80, ambient[0], ambient[1], ambient[2], 0f);
        putVec4(96, 0f, 0f, -1f, 0f);
        putVec4(112, 0f, 0f, 0f, 0f);
        int found = 0;
        int locals = 0;
        int directionals = 0;
        boolean sun = false;
        for (int i = 0, lights = queue.lightCount(); i < lights; i++) {
            if (queue.lightType(i) == Light.Type.DIRECTIONAL) {
                directionals++;
                if (!sun) {
                    sun = true;
                    queue.getLightDirection(i, direction);
                    queue.getLightColor(i, color);
                    putVec4(96, direction.x, direction.y, direction.z, 1f);
                    putVec4(112, color.x, color.y, color.z, 0f);
                }
            } else {
                locals++;
                found = keepNearest(i, queue.lightDistanceSquared(i), found);
            }
        }
        warnOfDrops(locals, directionals);
        staging.putInt(128, found);
        for (int n = 0; n < found; n++) {
            int light = nearest[n];
            int base = HEADER_BYTES + n * LIGHT_BYTES;
            boolean spot = queue.lightType(light) == Light.Type.SPOT;
            queue.getLightPosition(light, position);
            queue.getLightColor(light, color);
            queue.getLightDirection(light, direction);
            putVec4(base, position.x, position.y, position.z, queue.lightRange(light));
            putVec4(base + 16, color.x, color.y, color.z, spot ? 1f : 0f);
            float cosOuter = (float) Math.cos(queue.lightSpotOuterAngle(light));
            float cosInner = (float) Math.cos(queue.lightSpotInnerAngle(light));
            // smoothstep needs its edges apart; a hard-edged cone gets the thinnest soft rim instead
            putVec4(base + 32, direction.x, direction.y, direction.z, Math.min(cosOuter, cosInner - 1e-4f));
            putVec4(base + 48, cosInner, 0f, 0f, 0f);
        }
        return staging.capacity();
    }

    private void warnOfDrops(int locals, int directionals) {
        if (locals > maxLights && !localDropWarned) {
            localDropWarned = true;
            LOG.warn("{} point and spot lights shine in the scene but the renderer draws the {} nearest the camera "
                    + "and drops the rest: raise {} (up to {}) to draw more; said once a renderer", locals,
                    maxLights, maxLightsKey, maxLightsLimit);
        }
        if (directionals > 1 && !directionalDropWarned) {
            directionalDropWarned = true;
            LOG.warn("{} directional lights shine in the scene but the renderer draws the first only and drops the "
                    + "rest (no setting changes that; {} counts point and spot lights); said once a renderer",
                    directionals, maxLightsKey);
        }
    }

    /** Inserts light {@code index} among the nearest if it is nearer than the farthest kept; returns the new count. */
    private int keepNearest(int index, float distance, int count) {
        if (maxLights == 0 || (count == maxLights && distance >= nearestDistance[count - 1])) {
            return count;
        }
        int at = Math.min(count, maxLights - 1);
        while (at > 0 && nearestDistance[at - 1] > distance) {
            nearest[at] = nearest[at - 1];
            nearestDistance[at] = nearestDistance[at - 1];
            at--;
        }
        nearest[at] = index;
        nearestDistance[at] = distance;
        return Math.min(count + 1, maxLights);
    }

    private void putVec4(int offset, float x, float y, float z, float w) {
        staging.putFloat(offset, x).putFloat(offset + 4, y).putFloat(offset + 8, z).putFloat(offset + 12, w);
    }

    /**
     * Gives the prepared projection the aspect of a {@code width} x {@code height} target, unless the camera fixed
     * its aspect ratio (as {@link RenderQueue#getViewProjection(Matrix4f, int, int)} does, on the staged copy).
     */
    public void fitTo(int width, int height) {
        float k = aspectFixed || (long) width * viewportHeight == (long) height * viewportWidth ? 1f
                : (float) (((double) viewportWidth * height) / ((double) viewportHeight * width));
        for (int column = 0; column < 4; column++) {
            staging.putFloat(column * 16, firstRow[column] * k);
        }
    }

    public void upload() {
        glBindBuffer(GL_UNIFORM_BUFFER, buffer);
        glBufferSubData(GL_UNIFORM_BUFFER, 0L, staging);
        glBindBuffer(GL_UNIFORM_BUFFER, 0);
    }

    public int buffer() {
        return buffer;
    }

    /** Deletes the buffer while its context is current (once it is gone, it went with it); frees the staging. */
    public void release(boolean contextCurrent) {
        if (contextCurrent) {
            glDeleteBuffers(buffer);
        }
        // memFree(Buffer): LWJGL 3.3.3 has no memFree(ByteBuffer), which 3.4 added
        MemoryUtil.memFree((Buffer) staging);
    }
}
