package io.flatscene.samples.libgdx;

import com.badlogic.gdx.Gdx;
import com.badlogic.gdx.Input;
import com.badlogic.gdx.InputProcessor;
import java.util.ArrayList;
import java.util.List;
import org.joml.Matrix4f;
import org.lwjgl.system.MemoryStack;

import static org.lwjgl.opengl.GL46C.GL_NO_ERROR;
import static org.lwjgl.opengl.GL46C.GL_RGBA;
import static org.lwjgl.opengl.GL46C.GL_UNSIGNED_BYTE;
import static org.lwjgl.opengl.GL46C.glGetError;
import static org.lwjgl.opengl.GL46C.glReadPixels;

/**
 * The libGDX sample with probes, run by {@link LibgdxSampleTest} in a child JVM: {@code ProbedGame FRAMES}. It plays
 * the game as {@link LibgdxSample} does and, each frame, reads the GL state just before and just after FlatScene's
 * draw (on odd frames after leaving {@link LeftoverState} set), drains glGetError, compares FlatScene's
 * view-projection with the libGDX camera's, and every 50 frames reads three pixels of the finished frame. A drag
 * through libGDX's input processor orbits the camera from frame 60 to 180. It prints what it found, one
 * {@code key value} line each, for the test to judge.
 */
final class ProbedGame extends CubeFieldGame {
    static final int DRAG_FIRST = 60;
    static final int DRAG_LAST = 180;
    static final int DRAG_STEP = 3;
    static final int PIXEL_EVERY = 50;

    private final int frames;
    private int frame;
    private LeftoverState leftover;
    private int leftoverFrames;
    private int stateValues;
    private int framesChanged;
    private String firstChange = "none";
    private long glErrors;
    private long rendererGlErrors;
    private double cameraDifference;
    private final List<String> pixels = new ArrayList<>();
    private final Matrix4f viewProjection = new Matrix4f();
    private final Matrix4f scratch = new Matrix4f();
    private final float[] flatScene = new float[16];

    private ProbedGame(int frames) {
        super(frames);
        this.frames = frames;
    }

    public static void main(String[] args) {
        ProbedGame game = new ProbedGame(Integer.parseInt(args[0]));
        LibgdxSample.run(game);
        System.out.println(game.report());
        System.out.println("summary " + game.summary());
    }

    @Override
    public void create() {
        super.create();
        leftover = new LeftoverState();
    }

    @Override
    public void render() {
        frame++;
        drag(Gdx.input.getInputProcessor());
        super.render();
        for (int error = glGetError(); error != GL_NO_ERROR; error = glGetError()) {
            glErrors++;
        }
        rendererGlErrors = renderer().stats().glErrors();
        camera().getViewProjection(viewProjection, scratch).get(flatScene);
        float[] libgdx = view().combined.val;
        for (int i = 0; i < 16; i++) {
            cameraDifference = Math.max(cameraDifference,
                    Math.abs(flatScene[i] - libgdx[i]) / Math.max(1f, Math.abs(libgdx[i])));
        }
        if (frame % PIXEL_EVERY == 0 || frame == frames) {
            readPixels();
        }
    }

    /** A left-button drag to the right, as GLFW would deliver it: the camera orbits the landmark. */
    private void drag(InputProcessor input) {
        int y = Gdx.graphics.getHeight() / 2;
        int x = Gdx.graphics.getWidth() / 4 + (frame - DRAG_FIRST) * DRAG_STEP;
        if (frame == DRAG_FIRST) {
            input.touchDown(x, y, 0, Input.Buttons.LEFT);
        } else if (frame > DRAG_FIRST && frame < DRAG_LAST) {
            input.touchDragged(x, y, 0);
        } else if (frame == DRAG_LAST) {
            input.touchUp(x, y, 0, Input.Buttons.LEFT);
        }
    }

    @Override
    void drawScene() {
        boolean careless = frame % 2 == 1;
        if (careless) {
            leftover.apply();
            leftoverFrames++;
        }
        GlStateReader.Reading before = GlStateReader.read();
        super.drawScene();
        GlStateReader.Reading after = GlStateReader.read();
        if (careless) {
            leftover.undo();
        }
        stateValues = before.values().size();
        List<String> changed = before.differences(after);
        if (!changed.isEmpty()) {
            framesChanged++;
            if (framesChanged == 1) {
                firstChange = "frame " + frame + ": " + changed;
            }
        }
    }

    /**
     * The background's sky high on the right (no cube reaches that high), the landmark just below the centre, and the
     * HUD's reticle at the centre, in back-buffer pixels from the bottom-left.
     */
    private void readPixels() {
        int width = Gdx.graphics.getBackBufferWidth();
        int height = Gdx.graphics.getBackBufferHeight();
        pixels.add(frame + " sky " + pixel(width * 3 / 4, height * 9 / 10) + " scene "
                + pixel(width / 2, height / 2 - height / 30) + " reticle " + pixel(width / 2, height / 2));
    }

    private static String pixel(int x, int y) {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            var rgba = stack.malloc(4);
            glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
            return (rgba.get(0) & 0xFF) + "," + (rgba.get(1) & 0xFF) + "," + (rgba.get(2) & 0xFF);
        }
    }

    @Override
    public void dispose() {
        leftover.delete();
        super.dispose();
    }

    private String report() {
        StringBuilder report = new StringBuilder();
        report.append("frames ").append(frame).append('\n');
        report.append("gl-errors ").append(glErrors).append('\n');
        report.append("renderer-gl-errors ").append(rendererGlErrors).append('\n');
        report.append("state-values ").append(stateValues).append('\n');
        report.append("state-changed-frames ").append(framesChanged).append('\n');
        report.append("state-first-change ").append(firstChange).append('\n');
        report.append("leftover-frames ").append(leftoverFrames).append('\n');
        report.append("camera-difference ").append(cameraDifference).append('\n');
        for (String line : pixels) {
            report.append("pixels ").append(line).append('\n');
        }
        return report.toString().strip();
    }
}
