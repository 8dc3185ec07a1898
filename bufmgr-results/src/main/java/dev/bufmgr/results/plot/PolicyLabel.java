package dev.bufmgr.results.plot;

import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.params.Component;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.params.Spec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * The short name of a policy for screens and chart legends: the policy's name alone when every
 * parameter it was given equals its default ({@code s3fifo:small=0.1,ghost=0.9,...} reads {@code
 * s3fifo}), otherwise the name and only the parameters that differ ({@code gclock:maxUsage=3}).
 * Files keep the full spec; this is the one labelling function of every screen table and chart.
 *
 * <p>Defaults come from the component's declared {@link ParameterSpec}s: the registered selectors
 * ({@link SelectorRegistry}) and every {@link Source} found through {@link ServiceLoader} (the
 * replay module's baselines). A name no component declares, or text that is no spec ("rings on"),
 * is returned as given. A qualifier after the spec ({@code gclock:maxUsage=5 / greedy log}) is kept.
 */
public final class PolicyLabel {
  /** Components, besides the selectors, whose specs are labelled (found with {@link ServiceLoader}). */
  public interface Source {
    /** The components this source declares. */
    List<? extends Component> components();
  }

  private static final List<Component> COMPONENTS = load();

  private PolicyLabel() {}

  /** The short label of {@code spec}; see the class comment. */
  public static String of(String spec) {
    if (spec == null) return "";
    String text = spec.strip();
    int space = firstWhitespace(text);
    String policy = space < 0 ? text : text.substring(0, space);
    String qualifier = space < 0 ? "" : text.substring(space);
    Spec parsed;
    try {
      parsed = Spec.parse(policy);
    } catch (RuntimeException e) {
      return text;
    }
    Component c = find(parsed.name());
    if (c == null) return text;
    List<String> kept = new ArrayList<>();
    for (Map.Entry<String, String> p : parsed.params().entrySet()) {
      if (!isDefault(c, p.getKey(), p.getValue())) kept.add(p.getKey() + "=" + p.getValue());
    }
    return parsed.name() + (kept.isEmpty() ? "" : ":" + String.join(",", kept)) + qualifier;
  }

  private static boolean isDefault(Component c, String name, String value) {
    for (ParameterSpec p : c.parameters()) {
      if (!p.name().equals(name)) continue;
      if (p.defaultValue() == null) return false;
      try {
        return Objects.equals(p.parse(value), p.parse(p.defaultValue()));
      } catch (RuntimeException e) {
        return false;
      }
    }
    return false;
  }

  private static Component find(String name) {
    for (Component c : COMPONENTS) if (c.name().equals(name)) return c;
    return null;
  }

  private static List<Component> load() {
    List<Component> all = new ArrayList<>();
    try {
      all.addAll(SelectorRegistry.load().factories());
    } catch (RuntimeException | ServiceConfigurationError e) {
      // No selectors on the class path: names are then shown as given.
    }
    try {
      for (Source s : ServiceLoader.load(Source.class)) all.addAll(s.components());
    } catch (ServiceConfigurationError e) {
      // A broken provider leaves its names as given; labels never stop a run.
    }
    return List.copyOf(all);
  }

  private static int firstWhitespace(String s) {
    for (int i = 0; i < s.length(); i++) if (Character.isWhitespace(s.charAt(i))) return i;
    return -1;
  }
}
