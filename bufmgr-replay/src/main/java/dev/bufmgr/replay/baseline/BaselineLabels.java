package dev.bufmgr.replay.baseline;

import dev.bufmgr.core.params.Component;
import dev.bufmgr.results.plot.PolicyLabel;
import java.util.List;

/** Gives {@link PolicyLabel} the baselines' parameter defaults, so {@code caffeine:runs=5} reads {@code caffeine}. */
public final class BaselineLabels implements PolicyLabel.Source {
  @Override
  public List<? extends Component> components() {
    return Baselines.registry().all();
  }
}
