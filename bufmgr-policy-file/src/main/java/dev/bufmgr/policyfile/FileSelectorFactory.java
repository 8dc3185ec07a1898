package dev.bufmgr.policyfile;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.evict.SelectorFactory;
import dev.bufmgr.core.evict.VictimSelector;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.params.Parameters;
import java.util.List;
import java.util.Set;

/**
 * A policy file's factory under the name users wrote, {@code file:Clock.java}: everything else is
 * the file's own (its description, parameters, requirements and selectors), so results, listings
 * and refusals name the file, whatever name its class gives itself.
 */
final class FileSelectorFactory implements SelectorFactory {
  private final String name;
  private final SelectorFactory file;

  FileSelectorFactory(String name, SelectorFactory file) {
    this.name = name;
    this.file = file;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String description() {
    return file.description();
  }

  @Override
  public List<ParameterSpec> parameters() {
    return file.parameters();
  }

  @Override
  public Set<Requirement> requirements() {
    return file.requirements();
  }

  @Override
  public VictimSelector create(Descriptors descriptors, Parameters parameters) {
    return file.create(descriptors, parameters);
  }
}
