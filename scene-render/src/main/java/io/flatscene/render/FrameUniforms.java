package io.flatscene.render;

import io.flatscene.core.scene.Camera;
import io.flatscene.core.scene.Light;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import java.nio.ByteBuffer;
import org.joml.Matrix4f;
import org.joml.Matrix4x3f;
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
 * local (point and spot) lights nearest the camera, up to the configured number. Written without allocation.
 */
final class FrameUniforms {
    private static final int HEADER_BYTES = 144;
    private static final int LIGHT_BYTES = 64;

    private final int maxLights;
    private final ByteBuffer staging;
    private final int buffer;
    private final Matrix4f viewProjection = new Matrix4f();
    private final Matrix4f scratch = new Matrix4f();
    private final Matrix4x3f lightWorld = new Matrix4x3f();
    private final Vector3f cameraPosition = new Vector3f();
    private final Vector3f direction = new Vector3f();
    /** The nearest local lights so far, nearest first: global index and squared distance to the camera. */
    private final int[] nearest;
    private final float[] nearestDistance;

    FrameUniforms(int maxLights) {
        this.maxLights = maxLights;
        nearest = new int[maxLights];
        nearestDistance = new float[maxLights];
        staging = MemoryUtil.memAlloc(HEADER_BYTES + LIGHT_BYTES * Math.max(1, maxLights));
        buffer = glGenBuffers();
        glBindBuffer(GL_UNIFORM_BUFFER, buffer);
        glBufferData(GL_UNIFORM_BUFFER, staging.capacity(), GL_DYNAMIC_DRAW);
        glBindBuffer(GL_UNIFORM_BUFFER, 0);
    }

    /** Fills the block from the scene's state after its frame update; returns the bytes the upload will send. */
    long write(SceneManager scene, Camera camera, float[] ambient) {
        camera.getViewProjection(viewProjection, scratch);
        // a camera on no node looks from the origin, as its view matrix (identity) says
        SceneNode eye = camera.getParentNode();
        if (eye == null) {
            cameraPosition.zero();
        } else {
            eye.getWorldPosition(cameraPosition);
        }
        viewProjection.get(0, staging);
        putVec4(64, cameraPosition.x, cameraPosition.y, cameraPosition.z, 1f);
        putVec4(80, ambient[0], ambient[1], ambient[2], 0f);
        putVec4(96, 0f, 0f, -1f, 0f);
        putVec4(112, 0f, 0f, 0f, 0f);
        int found = 0;
        boolean sun = false;
        for (int i = 0, lights = scene.lightCount(); i < lights; i++) {
            Light light = scene.getLight(i);
            SceneNode node = light.getParentNode();
            if (node == null || !node.isInSceneGraph()) {
                continue;
            }
            node.getWorldMatrix(lightWorld);
            if (light.type() == Light.Type.DIRECTIONAL) {
                if (!sun) {
                    sun = true;
                    Vector3f direction = lightDirection();
                    putVec4(96, direction.x, direction.y, direction.z, 1f);
                    putVec4(112, light.red(), light.green(), light.blue(), 0f);
                }
            } else {
                found = keepNearest(i, cameraPosition.distanceSquared(lightWorld.m30(), lightWorld.m31(),
                        lightWorld.m32()), found);
            }
        }
        staging.putInt(128, found);
        for (int n = 0; n < found; n++) {
            Light light = scene.getLight(nearest[n]);
            light.getParentNode().getWorldMatrix(lightWorld);
            int base = HEADER_BYTES + n * LIGHT_BYTES;
            boolean spot = light.type() == Light.Type.SPOT;
            putVec4(base, lightWorld.m30(), lightWorld.m31(), lightWorld.m32(), light.range());
            putVec4(base + 16, light.red(), light.green(), light.blue(), spot ? 1f : 0f);
            Vector3f direction = lightDirection();
            float cosOuter = (float) Math.cos(light.spotOuterAngle());
            float cosInner = (float) Math.cos(light.spotInnerAngle());
            // smoothstep needs its edges apart; a hard-edged cone gets the thinnest soft rim instead
            putVec4(base + 32, direction.x, direction.y, direction.z, Math.min(cosOuter, cosInner - 1e-4f));
            putVec4(base + 48, cosInner, 0f, 0f, 0f);
        }
        return staging.capacity();
    }

    /** Lights shine along their node's -Z axis. */
    private Vector3f lightDirection() {
        return direction.set(-lightWorld.m20(), -lightWorld.m21(), -lightWorld.m22()).normalize();
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

    void upload() {
        glBindBuffer(GL_UNIFORM_BUFFER, buffer);
        glBufferSubData(GL_UNIFORM_BUFFER, 0L, staging);
        glBindBuffer(GL_UNIFORM_BUFFER, 0);
    }

    int buffer() {
        return buffer;
    }

    void delete() {
        glDeleteBuffers(buffer);
        MemoryUtil.memFree(staging);
    }
}
