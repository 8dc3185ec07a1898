package dev.bufmgr.policyfile;

import dev.bufmgr.core.evict.SelectorFactory;
import dev.bufmgr.core.evict.SelectorSource;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code file:PATH.java}: a selector written as one Java source file, compiled when first named
 * (then cached by the source's SHA-256, {@link PolicyClasses}) and run as any registered
 * selector. The file's class named after it (a {@code public class Clock} in {@code Clock.java})
 * implements {@link SelectorFactory} and has a public constructor without parameters; its
 * parameters are given as any selector's, {@code file:Clock.java:batch=8}. Registered with the
 * core as a {@link SelectorSource} service, so every command that takes a selector takes a file.
 */
public final class FileSelectorSource implements SelectorSource {
  private final PolicyClasses classes;

  /** The source the registry finds: classes cached in {@link PolicyClasses#defaultFolder()}. */
  public FileSelectorSource() {
    this(PolicyClasses.shared());
  }

  /** A source over {@code classes}. */
  public FileSelectorSource(PolicyClasses classes) {
    this.classes = classes;
  }

  @Override
  public String prefix() {
    return "file";
  }

  @Override
  public String referenceForm() {
    return "PATH.java";
  }

  /**
   * The selector factory of the file {@code reference}, named {@code file:REFERENCE}.
   *
   * @throws PolicyCompileException when the file does not compile, one line per error
   * @throws IllegalArgumentException naming the file when it cannot be read, is not a {@code
   *     .java} file, or its class is missing, no factory, or cannot be made
   */
  @Override
  public SelectorFactory load(String reference) {
    Path path = Path.of(reference);
    Path name = path.getFileName();
    if (name == null || !name.toString().endsWith(".java")) {
      throw new IllegalArgumentException(reference + ": a policy file is a Java source whose name ends in .java");
    }
    byte[] source;
    try {
      source = Files.readAllBytes(path);
    } catch (IOException | SecurityException e) {
      throw new IllegalArgumentException(reference + ": cannot read the policy file ("
          + (e instanceof java.nio.file.NoSuchFileException ? "no such file" : e.getMessage()) + ")");
    }
    Class<? extends SelectorFactory> type = classes.factoryClass(reference, name.toString(), source);
    SelectorFactory made;
    try {
      made = type.getConstructor().newInstance();
    } catch (NoSuchMethodException | IllegalAccessException e) {
      throw new IllegalArgumentException(reference + ": class " + type.getName() + " needs a public constructor without parameters");
    } catch (InvocationTargetException e) {
      throw new IllegalArgumentException(reference + ": new " + type.getSimpleName() + "() failed: " + e.getCause());
    } catch (InstantiationException e) {
      throw new IllegalArgumentException(reference + ": class " + type.getName() + " is abstract");
    }
    return new FileSelectorFactory(prefix() + ":" + reference, made);
  }
}
