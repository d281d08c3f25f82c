package io.flatscene.core.layout;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LaneBlocksTest {

    @Test
    void componentsOfEightNeighboursAreContiguous() {
        assertEquals(0, LaneBlocks.base(0, 12));
        assertEquals(7, LaneBlocks.base(7, 12));
        assertEquals(96, LaneBlocks.base(8, 12));
        assertEquals(96 + 3, LaneBlocks.base(11, 12));
        assertEquals(2 * 24 + 5, LaneBlocks.base(21, 3));
        for (int record = 0; record < 8; record++) {
            assertEquals(record, LaneBlocks.base(record, 4), "record " + record + " is lane " + record);
        }
    }

    @Test
    void everyComponentOfEveryRecordHasItsOwnFloat() {
        for (int width : new int[] {1, 3, 4, 12}) {
            int records = 37;
            int length = LaneBlocks.length(records, width);
            Set<Integer> used = new HashSet<>();
            for (int record = 0; record < records; record++) {
                for (int c = 0; c < width; c++) {
                    int at = LaneBlocks.base(record, width) + c * LaneBlocks.LANES;
                    assertTrue(at < length, "width " + width + ", record " + record + " fits");
                    assertTrue(used.add(at), "width " + width + ", record " + record + ", component " + c);
                }
            }
            assertEquals(5 * 8 * width, length, "whole blocks: 37 records take 5");
        }
        assertEquals(0, LaneBlocks.length(0, 12));
        assertEquals(96, LaneBlocks.length(1, 12));
        assertEquals(96, LaneBlocks.length(8, 12));
        assertEquals(192, LaneBlocks.length(9, 12));
    }

    @Test
    void copyMovesOneRecordAndNothingElse() {
        float[] array = new float[LaneBlocks.length(20, 3)];
        for (int i = 0; i < array.length; i++) {
            array[i] = i;
        }
        float[] before = array.clone();
        LaneBlocks.copy(array, 3, 17, 2);
        for (int c = 0; c < 3; c++) {
            assertEquals(before[LaneBlocks.base(17, 3) + c * 8], array[LaneBlocks.base(2, 3) + c * 8]);
        }
        int changed = 0;
        for (int i = 0; i < array.length; i++) {
            changed += array[i] != before[i] ? 1 : 0;
        }
        assertEquals(3, changed);
    }
}
