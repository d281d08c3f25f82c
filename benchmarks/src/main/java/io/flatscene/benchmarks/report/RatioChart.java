package io.flatscene.benchmarks.report;

import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.DoubleSummaryStatistics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.CategoryStyler;
import org.knowm.xchart.style.Styler;

/** The bar chart of every peer's time over FlatScene's, one cluster of bars per benchmark group. */
final class RatioChart {
    /** Past this spread a linear axis flattens the small ratios to nothing; the goals alone span 10× to 1,000×. */
    private static final double LOG_SPREAD = 20;

    private RatioChart() {
    }

    /** Writes the chart, or returns false without writing where no group has FlatScene and a peer to compare. */
    static boolean write(List<ResultGroup> groups, Path png) throws IOException {
        List<ResultGroup> compared = groups.stream().filter(group -> !group.peers().isEmpty()).toList();
        List<String> categories = compared.stream().map(ResultGroup::label).toList();
        // One series per system; a system a group lacks is a gap (null), which XChart leaves empty.
        Map<String, List<Double>> series = new LinkedHashMap<>();
        for (int i = 0; i < compared.size(); i++) {
            ResultGroup group = compared.get(i);
            JmhResult flatScene = group.flatScene().orElseThrow();
            for (JmhResult peer : group.peers()) {
                double ratio = ResultGroup.ratio(peer, flatScene);
                if (Double.isFinite(ratio) && ratio > 0) {
                    series.computeIfAbsent(group.peerName(peer), name -> gaps(compared.size())).set(i, ratio);
                }
            }
        }
        if (series.isEmpty()) {
            return false;
        }
        CategoryChart chart = new CategoryChartBuilder().width(1400).height(760)
                .title("How many times longer each peer takes than FlatScene in the same run "
                        + "(higher: FlatScene faster)")
                .xAxisTitle("benchmark and parameters").yAxisTitle("peer time / FlatScene time").build();
        CategoryStyler styler = chart.getStyler();
        styler.setLegendPosition(Styler.LegendPosition.InsideNE);
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotGridVerticalLinesVisible(false);
        styler.setXAxisLabelRotation(30);
        styler.setDecimalPattern("#,##0.##");
        styler.setLabelsVisible(true);
        styler.setLabelsFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
        styler.setLabelsRotation(90);
        DoubleSummaryStatistics ratios = series.values().stream().flatMap(List::stream).filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue).summaryStatistics();
        double min = ratios.getMin();
        double max = ratios.getMax();
        if (max / min > LOG_SPREAD) {
            // The axis starts at parity (1×) when every peer is slower, so a bar's height is FlatScene's lead; below
            // parity it starts at the decade under the smallest ratio, so that the shortest bar still shows.
            styler.setYAxisLogarithmic(true);
            styler.setYAxisMin(min >= 1 ? 1 : Math.pow(10, Math.floor(Math.log10(min) - 1e-9)));
            styler.setYAxisMax(Math.pow(10, Math.ceil(Math.log10(max))));
            chart.setYAxisTitle("peer time / FlatScene time (log scale)");
        } else {
            styler.setYAxisMin(0.0);
        }
        series.forEach((name, values) -> chart.addSeries(name, categories, values));
        Files.createDirectories(png.toAbsolutePath().getParent());
        try (OutputStream out = Files.newOutputStream(png)) {
            BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG);
        }
        return true;
    }

    private static List<Double> gaps(int size) {
        List<Double> values = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            values.add(null);
        }
        return values;
    }
}
