package dev.bufmgr.app.cli;

import dev.bufmgr.core.params.Component;
import dev.bufmgr.core.params.ParameterSpec;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code bufmgr list}: every kind of component a flag picks by name ({@link ComponentKinds}), each
 * component with its description and parameters read from its registry (so it is never out of
 * date).
 */
@Command(name = "list", mixinStandardHelpOptions = true,
    description = {
      "List every component with its parameters and defaults.",
      "Selectors, baselines, release policies, devices, loops, trace formats and workloads."
    })
public final class ListCommand implements Runnable {
  /** The narrowest name column. */
  private static final int MIN_WIDTH = 10;

  @Spec CommandSpec spec;

  @Override
  public void run() {
    PrintWriter out = spec.commandLine().getOut();
    out.println("Each is written NAME or NAME:key=value,...; a parameter left out takes its default.");
    for (ComponentKinds.Kind kind : ComponentKinds.all()) {
      out.println();
      out.println(kind.title() + " (" + kind.flags() + "):");
      int width = MIN_WIDTH;
      for (Component c : kind.registry().all()) width = Math.max(width, c.name().length());
      String name = "  %-" + width + "s %s%n";
      String parameter = "  %" + width + "s   %s: %s; %s%n";
      for (Component c : kind.registry().all()) {
        out.printf(name, c.name(), c.description());
        for (ParameterSpec p : c.parameters()) out.printf(parameter, "", p.usage(), p.allowed(), p.description());
      }
    }
    out.flush();
  }
}
