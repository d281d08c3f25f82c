package io.flatscene.samples.jme;

import com.jme3.post.SceneProcessor;
import com.jme3.profile.AppProfiler;
import com.jme3.renderer.RenderManager;
import com.jme3.renderer.ViewPort;
import com.jme3.renderer.queue.RenderQueue;
import com.jme3.texture.FrameBuffer;
import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Camera;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import io.flatscene.render.ClearMode;
import io.flatscene.render.Renderer;
import io.flatscene.render.RendererConfig;
import io.flatscene.render.target.RenderTarget;

/**
 * Draws a FlatScene scene into a jME viewport's frame, on jME's render thread and in jME's GL context, seen through
 * the viewport's camera.
 *
 * <p>It draws in {@link #postFrame}: by then jME has drawn the viewport's opaque, sky and transparent buckets, so
 * the depth buffer holds jME's geometry and FlatScene's cubes are depth-tested against it (and write their own
 * depth), with the same projection as jME's ({@link JmeCameras}); the two engines' surfaces hide each other as one
 * scene would. Later viewports (the GUI) draw over both. {@code postFrame} is also handed the framebuffer the
 * viewport renders into, jME's window or a filter's, which FlatScene then draws into.
 *
 * <p>The renderer is made with {@code restoreGlState}: every piece of GL state it changes is set back before it
 * returns, so jME's cache of the GL state (its {@code RenderContext}) stays true and jME needs no
 * {@code invalidateState()}. Without it, FlatScene leaves vertex array 0 bound, and jME 3.9, which binds its one
 * vertex array at startup only, fails at its next draw with {@code GL_INVALID_OPERATION}; {@code invalidateState()}
 * does not bind it again.
 */
public final class FlatSceneProcessor implements SceneProcessor {
    private ViewPort viewPort;
    private Renderer renderer;
    private SceneManager scene;
    private CubeField field;
    private SceneNode eye;
    private Camera camera;
    private RenderTarget target;

    /** Made on jME's render thread with its context current, the first time the viewport is rendered. */
    @Override
    public void initialize(RenderManager renderManager, ViewPort viewPort) {
        this.viewPort = viewPort;
        // jME cleared the frame and drew into it before this processor runs: FlatScene draws over that, depth included
        renderer = new Renderer(RendererConfig.builder().restoreGlState(true).clear(ClearMode.NONE).build());
        renderer.setAmbient(0.3f, 0.3f, 0.32f);
        scene = new SceneManager(SceneConfig.builder().maxNodes(1024).maxItems(1024).build());
        field = new CubeField(scene, renderer);
        camera = scene.createCamera("jME camera");
        eye = scene.rootNode().createChild("jME camera").attachObject(camera);
    }

    @Override
    public void reshape(ViewPort viewPort, int width, int height) {
        target = null;
    }

    @Override
    public boolean isInitialized() {
        return renderer != null;
    }

    /** Game logic for the frame, after jME's update moved its camera and before anything is drawn. */
    @Override
    public void preFrame(float tpf) {
        field.churn();
        JmeCameras.copy(viewPort.getCamera(), eye, camera);
    }

    @Override
    public void postQueue(RenderQueue queue) {
    }

    @Override
    public void postFrame(FrameBuffer out) {
        com.jme3.renderer.Camera jmeCamera = viewPort.getCamera();
        int framebuffer = out == null ? 0 : out.getId();
        int width = out == null ? jmeCamera.getWidth() : out.getWidth();
        int height = out == null ? jmeCamera.getHeight() : out.getHeight();
        if (target == null || target.framebufferId() != framebuffer || target.width() != width
                || target.height() != height) {
            target = RenderTarget.of(framebuffer, width, height);
        }
        renderer.render(scene, camera, target);
    }

    /**
     * Deletes FlatScene's GL objects: jME does not clean up a viewport's processors when the application ends, so the
     * application calls this (through {@code viewPort.clearProcessors()}) from its {@code destroy()}, while jME's
     * context is still current.
     */
    @Override
    public void cleanup() {
        if (renderer != null) {
            renderer.close();
            scene.close();
            renderer = null;
        }
    }

    @Override
    public void setProfiler(AppProfiler profiler) {
    }

    /** {@return the renderer, for its statistics; null before {@link #initialize} and after {@link #cleanup}} */
    public Renderer renderer() {
        return renderer;
    }

    /** {@return the FlatScene camera that follows jME's; null before {@link #initialize}} */
    public Camera camera() {
        return camera;
    }

    /** {@return the cubes on the grid now} */
    public int cubes() {
        return field.cubes();
    }
}
