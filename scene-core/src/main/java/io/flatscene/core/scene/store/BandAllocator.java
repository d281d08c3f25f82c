package io.flatscene.core.scene.store;

import java.util.Arrays;

/**
 * Hands out slots of one set of arrays grouped in <em>bands</em>: band {@code b} occupies
 * {@code [start(b), start(b + 1))}, bands follow each other in order and together cover exactly the used slots.
 * Opening or closing a slot in band {@code b} moves one slot per later band (the first or last of each), so it costs
 * O(bands after b), never O(size). The slots' data lives with the caller, which moves it when told to.
 *
 * <p>Per band it also keeps what the transform pass reads and writes: changed (a world matrix of the band was
 * recomputed in the current pass), and parents moved (a node one level up moved to another slot, so the band's
 * cached parent slots are stale).
 */
public final class BandAllocator {
    /** Moves one slot's data to another slot, fixing up whatever maps ids to slots: the caller's one fix-up point. */
    @FunctionalInterface
    public interface SlotMover {
        void move(int from, int to);
    }

    private final SlotMover mover;
    private int bands;
    private int total;
    private int[] start = new int[17];
    private boolean[] changed = new boolean[16];
    private boolean[] parentsMoved = new boolean[16];

    public BandAllocator(SlotMover mover) {
        this.mover = mover;
    }

    /** Bands in use: every band up to the deepest ever opened, some possibly empty. */
    public int bands() {
        return bands;
    }

    /** Slots in use, all bands together. */
    public int total() {
        return total;
    }

    public int start(int band) {
        return start[band];
    }

    public int end(int band) {
        return start[band + 1];
    }

    /** Records the outcome of a pass over the band: whether any of its matrices changed. */
    public void passed(int band, boolean anyChanged) {
        changed[band] = anyChanged;
    }

    /** Notes that nodes one level above {@code firstBand} and {@code firstBand + 1} moved, if those bands exist. */
    public void markParentsMoved(int firstBand) {
        for (int band = firstBand; band < Math.min(firstBand + 2, bands); band++) {
            parentsMoved[band] = true;
        }
    }

    public boolean parentsMoved(int band) {
        return parentsMoved[band];
    }

    public void parentSlotsRead(int band) {
        parentsMoved[band] = false;
    }

    public boolean changed(int band) {
        return changed[band];
    }

    /**
     * Opens a slot at the end of {@code band}: each later band hands its first slot to a move of that slot to the
     * band's end, so the hole travels up from the end of the arrays.
     *
     * @return the opened slot
     */
    public int open(int band) {
        if (band >= bands) {
            addBandsThrough(band);
        }
        int hole = total;
        for (int later = bands - 1; later > band; later--) {
            int first = start[later];
            if (first != hole) {
                mover.move(first, hole);
            }
            start[later] = first + 1;
            hole = first;
        }
        total++;
        start[bands] = total;
        return hole;
    }

    /** Removes a slot by swap-and-pop within its band, then closes the gap by pulling each later band down. */
    public void close(int slot, int band) {
        int lastOfBand = start[band + 1] - 1;
        if (slot != lastOfBand) {
            mover.move(lastOfBand, slot);
        }
        int hole = lastOfBand;
        for (int later = band + 1; later < bands; later++) {
            int end = start[later + 1];
            boolean occupied = start[later] != end;
            start[later]--;
            if (occupied) {
                mover.move(end - 1, hole);
                hole = end - 1;
            }
        }
        total--;
        start[bands] = total;
    }

    private void addBandsThrough(int band) {
        int needed = band + 1;
        if (needed + 1 > start.length) {
            int grown = Math.max(needed + 1, start.length * 2);
            start = Arrays.copyOf(start, grown);
            changed = Arrays.copyOf(changed, grown);
            parentsMoved = Arrays.copyOf(parentsMoved, grown);
        }
        for (int b = bands + 1; b <= needed; b++) {
            start[b] = total;
        }
        bands = needed;
    }

    /**
     * Checks that the bands are ordered and cover exactly the used slots.
     *
     * @throws IllegalStateException naming the first broken invariant
     */
    public void validate(String name) {
        if (start[0] != 0 || start[bands] != total) {
            throw new IllegalStateException(name + ": bands span [" + start[0] + ", " + start[bands] + ") but "
                    + total + " slots are used");
        }
        for (int band = 0; band < bands; band++) {
            if (start[band] > start[band + 1]) {
                throw new IllegalStateException(name + ": band " + band + " starts at " + start[band]
                        + " after its end " + start[band + 1]);
            }
        }
    }
}
