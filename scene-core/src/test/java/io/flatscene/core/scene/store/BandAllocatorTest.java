package io.flatscene.core.scene.store;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The band allocator over a plain array of labels moved by its {@link BandAllocator.SlotMover}: every band holds
 * exactly the labels opened in it and not closed, each open or close moves at most one slot per later band, and the
 * per-band flags of the transform pass are kept per band.
 */
class BandAllocatorTest {

    /** The caller's data: a label per slot, moved only by the allocator's mover, which checks every move it gets. */
    private static final class Slots {
        final int[] label = new int[4096];
        final List<int[]> moves = new ArrayList<>();
        final BandAllocator bands = new BandAllocator(this::move);

        private void move(int from, int to) {
            assertTrue(from != to, "a move of slot " + from + " onto itself");
            assertTrue(to <= bands.total(), "a move to slot " + to + " past the used slots and the one opening");
            label[to] = label[from];
            moves.add(new int[] {from, to});
        }

        int open(int band, int value) {
            moves.clear();
            int slot = bands.open(band);
            label[slot] = value;
            return slot;
        }

        Set<Integer> labels(int band) {
            Set<Integer> in = new HashSet<>();
            for (int slot = bands.start(band); slot < bands.end(band); slot++) {
                assertTrue(in.add(label[slot]), "label " + label[slot] + " twice in band " + band);
            }
            return in;
        }
    }

    @Test
    void aNewAllocatorHoldsNoBandAndNoSlot() {
        BandAllocator bands = new BandAllocator((from, to) -> {
            throw new AssertionError("moved " + from + " to " + to);
        });
        assertEquals(0, bands.bands());
        assertEquals(0, bands.total());
        assertEquals(0, bands.start(0));
        bands.validate("empty");
    }

    @Test
    void openingInALaterBandAddsEveryBandUpToItEmpty() {
        Slots slots = new Slots();
        assertEquals(0, slots.open(3, 30));
        assertEquals(4, slots.bands.bands());
        assertEquals(1, slots.bands.total());
        for (int band = 0; band < 3; band++) {
            assertEquals(0, slots.bands.start(band));
            assertEquals(0, slots.bands.end(band));
        }
        assertEquals(0, slots.bands.start(3));
        assertEquals(1, slots.bands.end(3));
        assertTrue(slots.moves.isEmpty());
        slots.bands.validate("bands");
    }

    @Test
    void openingInAnEarlierBandMovesTheFirstSlotOfEachLaterBandToItsEnd() {
        Slots slots = new Slots();
        slots.open(0, 1);
        slots.open(1, 11);
        slots.open(1, 12);
        slots.open(3, 31);
        slots.open(3, 32);
        // band 0: [0, 1), band 1: [1, 3), band 2: empty at 3, band 3: [3, 5)
        int slot = slots.open(0, 2);
        assertEquals(1, slot);
        // band 3's first slot goes to the end (5), then band 1's first to where band 3 began (3): band 2 is empty
        assertEquals(List.of("3->5", "1->3"), describe(slots.moves));
        assertEquals(Set.of(1, 2), slots.labels(0));
        assertEquals(Set.of(11, 12), slots.labels(1));
        assertEquals(Set.of(), slots.labels(2));
        assertEquals(Set.of(31, 32), slots.labels(3));
        assertEquals(4, slots.bands.start(2));
        assertEquals(6, slots.bands.total());
        slots.bands.validate("bands");
    }

    @Test
    void openingInTheLastBandMovesNothing() {
        Slots slots = new Slots();
        slots.open(0, 1);
        slots.open(2, 21);
        assertEquals(2, slots.open(2, 22));
        assertTrue(slots.moves.isEmpty());
    }

    @Test
    void closingASlotFillsItWithTheLastOfItsBandAndPullsEachLaterBandDownByOne() {
        Slots slots = new Slots();
        slots.open(0, 1);
        slots.open(0, 2);
        slots.open(0, 3);
        slots.open(2, 21);
        slots.open(2, 22);
        slots.open(4, 41);
        // band 0: [0, 3), 1: empty, 2: [3, 5), 3: empty, 4: [5, 6)
        slots.moves.clear();
        slots.bands.close(0, 0);
        assertEquals(List.of("2->0", "4->2", "5->4"), describe(slots.moves));
        assertEquals(Set.of(2, 3), slots.labels(0));
        assertEquals(Set.of(21, 22), slots.labels(2));
        assertEquals(Set.of(41), slots.labels(4));
        assertEquals(List.of(0, 2, 2, 4, 4, 5), List.of(slots.bands.start(0), slots.bands.end(0),
                slots.bands.start(2), slots.bands.end(2), slots.bands.start(4), slots.bands.end(4)));
        assertEquals(5, slots.bands.total());
        assertEquals(5, slots.bands.end(slots.bands.bands() - 1));
        slots.bands.validate("bands");
    }

    @Test
    void closingTheLastSlotOfTheLastBandMovesNothing() {
        Slots slots = new Slots();
        slots.open(0, 1);
        slots.open(1, 11);
        slots.moves.clear();
        slots.bands.close(1, 1);
        assertTrue(slots.moves.isEmpty());
        assertEquals(1, slots.bands.total());
        assertEquals(1, slots.bands.start(1));
        assertEquals(1, slots.bands.end(1));
        assertEquals(2, slots.bands.bands(), "an emptied band stays");
    }

    @Test
    void closingTheLastSlotOfABandMovesOnlyTheLaterBands() {
        Slots slots = new Slots();
        slots.open(0, 1);
        slots.open(0, 2);
        slots.open(1, 11);
        slots.moves.clear();
        slots.bands.close(1, 0);
        assertEquals(List.of("2->1"), describe(slots.moves));
        assertEquals(Set.of(1), slots.labels(0));
        assertEquals(Set.of(11), slots.labels(1));
    }

    /** A model of each band's labels against random opens and closes: the bands always hold what the model holds. */
    @Test
    void randomOpensAndClosesKeepEveryBandsLabelsAndMoveOneSlotPerLaterBandAtMost() {
        Random random = new Random(34);
        Slots slots = new Slots();
        List<List<Integer>> model = new ArrayList<>();
        int next = 0;
        for (int step = 0; step < 5_000; step++) {
            int band = random.nextInt(20);
            while (model.size() <= band) {
                model.add(new ArrayList<>());
            }
            int laterBands = Math.max(0, slots.bands.bands() - band - 1);
            slots.moves.clear();
            if (slots.bands.total() < 600 && (model.get(band).isEmpty() || random.nextInt(5) < 3)) {
                int label = next++;
                slots.open(band, label);
                model.get(band).add(label);
            } else if (!model.get(band).isEmpty()) {
                int offset = random.nextInt(model.get(band).size());
                int slot = slots.bands.start(band) + offset;
                Integer label = slots.label[slot];
                slots.bands.close(slot, band);
                assertTrue(model.get(band).remove(label), "closed label " + label + " was not in band " + band);
            }
            assertTrue(slots.moves.size() <= laterBands + 1, slots.moves.size() + " moves for " + laterBands
                    + " later bands at step " + step);
            int total = 0;
            for (int b = 0; b < slots.bands.bands(); b++) {
                assertEquals(Set.copyOf(model.get(b)), slots.labels(b), "band " + b + " at step " + step);
                assertEquals(b == 0 ? 0 : slots.bands.end(b - 1), slots.bands.start(b));
                total += model.get(b).size();
            }
            assertEquals(total, slots.bands.total());
            slots.bands.validate("bands");
        }
    }

    @Test
    void bandsPastTheInitialSixteenGrowEveryPerBandArray() {
        Slots slots = new Slots();
        slots.open(0, 1);
        slots.open(40, 401);
        assertEquals(41, slots.bands.bands());
        slots.open(17, 171);
        assertEquals(Set.of(171), slots.labels(17));
        assertEquals(Set.of(401), slots.labels(40));
        slots.bands.passed(40, true);
        assertTrue(slots.bands.changed(40));
        slots.bands.markParentsMoved(39);
        assertTrue(slots.bands.parentsMoved(39));
        assertTrue(slots.bands.parentsMoved(40));
        slots.open(100, 1001);
        assertEquals(101, slots.bands.bands());
        assertTrue(slots.bands.changed(40), "the flags survive growth");
        assertTrue(slots.bands.parentsMoved(40));
        assertEquals(Set.of(1001), slots.labels(100));
        slots.bands.validate("bands");
    }

    @Test
    void aPassRecordsWhetherItsBandChanged() {
        Slots slots = new Slots();
        slots.open(2, 1);
        assertFalse(slots.bands.changed(1));
        slots.bands.passed(1, true);
        assertTrue(slots.bands.changed(1));
        assertFalse(slots.bands.changed(0));
        assertFalse(slots.bands.changed(2));
        slots.bands.passed(1, false);
        assertFalse(slots.bands.changed(1));
    }

    @Test
    void parentsMovedMarksTheTwoBandsThatExistAndIsClearedWhenRead() {
        Slots slots = new Slots();
        slots.open(5, 1);
        slots.bands.markParentsMoved(2);
        List<Integer> marked = new ArrayList<>();
        for (int band = 0; band < slots.bands.bands(); band++) {
            if (slots.bands.parentsMoved(band)) {
                marked.add(band);
            }
        }
        assertEquals(List.of(2, 3), marked);
        slots.bands.parentSlotsRead(2);
        assertFalse(slots.bands.parentsMoved(2));
        assertTrue(slots.bands.parentsMoved(3));

        // only bands that exist: the last band, then none past it
        slots.bands.markParentsMoved(5);
        assertTrue(slots.bands.parentsMoved(5));
        assertFalse(slots.bands.parentsMoved(6));
        slots.bands.markParentsMoved(6);
        assertFalse(slots.bands.parentsMoved(6));
        assertFalse(slots.bands.parentsMoved(7));
    }

    @Test
    void validateNamesABandThatStartsAfterItsEnd() throws ReflectiveOperationException {
        Slots slots = new Slots();
        slots.open(0, 1);
        slots.open(1, 11);
        slots.open(2, 21);
        int[] start = start(slots.bands);
        start[1] = 3;
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> slots.bands.validate("nodes"));
        assertEquals("nodes: band 1 starts at 3 after its end 2", e.getMessage());
    }

    @Test
    void validateNamesBandsThatDoNotSpanTheUsedSlots() throws ReflectiveOperationException {
        Slots slots = new Slots();
        slots.open(0, 1);
        slots.open(1, 11);
        int[] start = start(slots.bands);
        start[0] = 1;
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> slots.bands.validate("nodes"));
        assertEquals("nodes: bands span [1, 2) but 2 slots are used", e.getMessage());
        start[0] = 0;
        start[2] = 1;
        e = assertThrows(IllegalStateException.class, () -> slots.bands.validate("nodes"));
        assertEquals("nodes: bands span [0, 1) but 2 slots are used", e.getMessage());
    }

    private static int[] start(BandAllocator bands) throws ReflectiveOperationException {
        Field field = BandAllocator.class.getDeclaredField("start");
        field.setAccessible(true);
        return (int[]) field.get(bands);
    }

    private static List<String> describe(List<int[]> moves) {
        List<String> described = new ArrayList<>();
        for (int[] move : moves) {
            described.add(move[0] + "->" + move[1]);
        }
        return described;
    }
}
