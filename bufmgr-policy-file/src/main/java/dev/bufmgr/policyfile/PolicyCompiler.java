package dev.bufmgr.policyfile;

import dev.bufmgr.core.evict.SelectorFactory;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.OutputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles one Java source in memory with the JDK's compiler ({@link javax.tools.JavaCompiler}):
 * the class path is the running program's (the {@code java.class.path} and the jar holding the
 * core), nothing is written to disk, and annotation processing is off. Errors come back as {@code
 * FILE:LINE: MESSAGE}, the file named as the user wrote it, one line per error, in line order.
 */
final class PolicyCompiler {
  private static final AtomicLong COMPILATIONS = new AtomicLong();

  private PolicyCompiler() {}

  /** How many sources this process has compiled (a cached class is loaded, not compiled). */
  static long compilations() {
    return COMPILATIONS.get();
  }

  /**
   * Compiles {@code source}, whose public class must be named after the file.
   *
   * @param shown the file as the user named it, for messages
   * @param file the file's name, {@code Clock.java}
   * @return the class files by binary class name
   * @throws PolicyCompileException when javac reports errors
   * @throws IllegalArgumentException when this runtime has no compiler
   */
  static Map<String, byte[]> compile(String shown, String file, String source) {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    if (javac == null) {
      throw new IllegalArgumentException(shown + ": this Java runtime has no compiler (run bufmgr on a JDK, not a JRE)");
    }
    COMPILATIONS.incrementAndGet();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    Map<String, ByteArrayOutputStream> out = new LinkedHashMap<>();
    StandardJavaFileManager standard = javac.getStandardFileManager(diagnostics, Locale.ROOT, null);
    JavaFileManager memory = new ForwardingJavaFileManager<>(standard) {
      @Override
      public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind, FileObject sibling) {
        return new SimpleJavaFileObject(URI.create("mem:///" + className.replace('.', '/') + kind.extension), kind) {
          @Override
          public OutputStream openOutputStream() {
            return out.computeIfAbsent(className, k -> new ByteArrayOutputStream());
          }
        };
      }
    };
    JavaFileObject unit = new SimpleJavaFileObject(URI.create("string:///" + file), JavaFileObject.Kind.SOURCE) {
      @Override
      public CharSequence getCharContent(boolean ignoreEncodingErrors) {
        return source;
      }
    };
    List<String> options = List.of("-classpath", classPath(), "-proc:none", "-implicit:none", "-Xlint:none", "-nowarn");
    boolean ok = javac.getTask(null, memory, diagnostics, options, null, List.of(unit)).call();
    List<String> errors = new ArrayList<>();
    List<Diagnostic<? extends JavaFileObject>> found = new ArrayList<>(diagnostics.getDiagnostics());
    found.sort(Comparator.comparingLong(Diagnostic::getLineNumber));
    for (Diagnostic<? extends JavaFileObject> d : found) {
      if (d.getKind() != Diagnostic.Kind.ERROR) continue;
      String where = d.getLineNumber() == Diagnostic.NOPOS ? shown : shown + ":" + d.getLineNumber();
      List<String> lines = d.getMessage(Locale.ROOT).lines().map(l -> l.strip().replaceAll("\\s+", " ")).toList();
      errors.add(where + ": " + String.join("; ", lines));
    }
    if (!ok || !errors.isEmpty()) {
      if (errors.isEmpty()) errors.add(shown + ": the compiler failed without saying why");
      throw new PolicyCompileException(errors);
    }
    Map<String, byte[]> classes = new LinkedHashMap<>();
    out.forEach((name, bytes) -> classes.put(name, bytes.toByteArray()));
    return classes;
  }

  /** The running program's class path, led by the jar or folder that holds the core. */
  private static String classPath() {
    Set<String> entries = new LinkedHashSet<>();
    try {
      entries.add(Path.of(SelectorFactory.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
    } catch (URISyntaxException | RuntimeException e) {
      // no code source to name: the class path alone must hold the core
    }
    for (String e : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
      if (!e.isEmpty()) entries.add(e);
    }
    return String.join(File.pathSeparator, entries);
  }
}
