package io.flatscene.samples.jme;

import com.jme3.post.SceneProcessor;
import com.jme3.profile.AppProfiler;
import com.jme3.renderer.RenderManager;
import com.jme3.renderer.ViewPort;
import com.jme3.renderer.queue.RenderQueue;
import com.jme3.texture.FrameBuffer;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.joml.Matrix4f;

import static org.lwjgl.opengl.GL11C.GL_NO_ERROR;
import static org.lwjgl.opengl.GL11C.glGetError;

/**
 * Runs the sample's {@link FlatSceneProcessor} with every call that can reach GL bracketed: the GL errors pending
 * before it (jME's) and raised by it (FlatScene's), and the {@link GlState} before and after, which must be equal.
 * After each draw it also compares FlatScene's view-projection with jME's.
 */
final class StateCheckingProcessor implements SceneProcessor {
    private final FlatSceneProcessor flatScene;
    private ViewPort viewPort;
    private final Matrix4f flatSceneViewProjection = new Matrix4f();
    private final Matrix4f scratch = new Matrix4f();
    private final float[] jmeViewProjection = new float[16];
    private final float[] flatSceneElements = new float[16];
    /** "phase: name: before -> after" for every value some call changed, each once. */
    final TreeSet<String> changes = new TreeSet<>();
    /** The state jME left for the last draw, as it was before and after it. */
    Map<String, String> stateAtLastDraw = Map.of();
    int values;
    int checkedCalls;
    int draws;
    int jmeErrors;
    int flatSceneErrors;
    float viewProjectionDifference;

    StateCheckingProcessor(FlatSceneProcessor flatScene) {
        this.flatScene = flatScene;
    }

    @Override
    public void initialize(RenderManager renderManager, ViewPort viewPort) {
        this.viewPort = viewPort;
        checked("initialize", () -> flatScene.initialize(renderManager, viewPort));
    }

    @Override
    public void reshape(ViewPort viewPort, int width, int height) {
        checked("reshape", () -> flatScene.reshape(viewPort, width, height));
    }

    @Override
    public boolean isInitialized() {
        return flatScene.isInitialized();
    }

    @Override
    public void preFrame(float tpf) {
        checked("preFrame", () -> flatScene.preFrame(tpf));
    }

    @Override
    public void postQueue(RenderQueue queue) {
        checked("postQueue", () -> flatScene.postQueue(queue));
    }

    @Override
    public void postFrame(FrameBuffer out) {
        stateAtLastDraw = checked("postFrame", () -> flatScene.postFrame(out));
        draws++;
        compareViewProjections();
    }

    @Override
    public void cleanup() {
        checked("cleanup", flatScene::cleanup);
    }

    @Override
    public void setProfiler(AppProfiler profiler) {
        flatScene.setProfiler(profiler);
    }

    private Map<String, String> checked(String phase, Runnable call) {
        jmeErrors += drainErrors();
        Map<String, String> before = GlState.read();
        call.run();
        flatSceneErrors += drainErrors();
        List<String> changed = GlState.differences(before, GlState.read());
        for (String change : changed) {
            changes.add(phase + ": " + change);
        }
        values = before.size();
        checkedCalls++;
        return before;
    }

    private static int drainErrors() {
        int errors = 0;
        while (glGetError() != GL_NO_ERROR) {
            errors++;
        }
        return errors;
    }

    /** The largest difference between an element of FlatScene's view-projection matrix and jME's. */
    private void compareViewProjections() {
        viewPort.getCamera().getViewProjectionMatrix().get(jmeViewProjection, false);
        flatScene.camera().getViewProjection(flatSceneViewProjection, scratch).get(flatSceneElements);
        for (int i = 0; i < 16; i++) {
            viewProjectionDifference = Math.max(viewProjectionDifference,
                    Math.abs(jmeViewProjection[i] - flatSceneElements[i]));
        }
    }
}
