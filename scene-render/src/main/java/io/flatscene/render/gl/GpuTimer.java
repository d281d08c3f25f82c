package io.flatscene.render.gl;

import io.flatscene.render.owner.GlOwner;

import static org.lwjgl.opengl.GL15C.GL_CURRENT_QUERY;
import static org.lwjgl.opengl.GL15C.GL_QUERY_RESULT;
import static org.lwjgl.opengl.GL15C.GL_QUERY_RESULT_AVAILABLE;
import static org.lwjgl.opengl.GL15C.glBeginQuery;
import static org.lwjgl.opengl.GL15C.glDeleteQueries;
import static org.lwjgl.opengl.GL15C.glEndQuery;
import static org.lwjgl.opengl.GL15C.glGenQueries;
import static org.lwjgl.opengl.GL15C.glGetQueryObjectiv;
import static org.lwjgl.opengl.GL15C.glGetQueryiv;
import static org.lwjgl.opengl.GL33C.GL_TIME_ELAPSED;
import static org.lwjgl.opengl.GL33C.glGetQueryObjecti64v;

/**
 * GPU time of each frame's draws from GL_TIME_ELAPSED queries, read a few frames late so that asking never waits
 * for the GPU: a ring of queries, each read only once the driver says its result is available.
 */
public final class GpuTimer {
    /** Frames a result may lag; more than the frames in flight so a slow GPU still never stalls the CPU. */
    private static final int RING = 4;

    private final int[] queries = new int[RING];
    private final boolean[] pending = new boolean[RING];
    /**
     * Where queries write their results: LWJGL's single-value getters wrap a new NIO buffer around stack memory on
     * every call, a heap allocation per frame wherever the JIT does not remove it; its array overloads allocate none.
     */
    private final int[] intResult = new int[1];
    private final long[] longResult = new long[1];
    private int next;
    private boolean timing;
    private long latestNanos = -1;

    /** @throws IllegalStateException if no context is current on this thread, or FlatScene closed the one that is */
    public GpuTimer() {
        GlOwner.requireCurrent("a GPU timer");
        glGenQueries(queries);
    }

    /**
     * Starts timing this frame, unless every query is still waiting for its result or the game has its own
     * GL_TIME_ELAPSED query running (queries of a kind do not nest): then this frame goes untimed.
     */
    public void begin() {
        collect();
        timing = !pending[next] && !gameQueryRunning();
        if (timing) {
            glBeginQuery(GL_TIME_ELAPSED, queries[next]);
        }
    }

    public void end() {
        if (timing) {
            glEndQuery(GL_TIME_ELAPSED);
            pending[next] = true;
            next = (next + 1) % RING;
            timing = false;
        }
    }

    private boolean gameQueryRunning() {
        glGetQueryiv(GL_TIME_ELAPSED, GL_CURRENT_QUERY, intResult);
        return intResult[0] != 0;
    }

    /** Reads every finished query, oldest first, so {@link #latestNanos()} is the newest measured frame. */
    private void collect() {
        for (int i = 0; i < RING; i++) {
            int entry = (next + i) % RING;
            if (!pending[entry]) {
                continue;
            }
            glGetQueryObjectiv(queries[entry], GL_QUERY_RESULT_AVAILABLE, intResult);
            if (intResult[0] != 0) {
                glGetQueryObjecti64v(queries[entry], GL_QUERY_RESULT, longResult);
                latestNanos = longResult[0];
                pending[entry] = false;
            }
        }
    }

    /** GPU nanoseconds of the newest frame whose result has arrived; -1 before the first. */
    public long latestNanos() {
        return latestNanos;
    }

    public void delete() {
        glDeleteQueries(queries);
    }
}
