package dev.bufmgr.policyfile;

import dev.bufmgr.core.evict.SelectorFactory;
import dev.bufmgr.core.resource.AtomicOutput;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarInputStream;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * The factory classes of policy files, by the SHA-256 of their source: loaded once per process,
 * and compiled once per source, since each compiled source is kept as {@code SHA256.jar} in a
 * cache folder ({@link #defaultFolder}) and loaded from there the next time. The cache only ever
 * gains files, each written whole ({@link AtomicOutput}); nothing in it is deleted or replaced.
 * A cache that cannot be written or read is passed by: the source is compiled again.
 */
public final class PolicyClasses {
  /** The manifest attribute naming the factory class in a cached jar. */
  private static final Attributes.Name FACTORY = new Attributes.Name("Bufmgr-Policy-Factory");
  private static final PolicyClasses SHARED = new PolicyClasses(null);

  private final Path folder;
  private final Map<String, Class<? extends SelectorFactory>> loaded = new ConcurrentHashMap<>();

  /** Classes cached in {@code folder}; null for {@link #defaultFolder()}, read at each use. */
  public PolicyClasses(Path folder) {
    this.folder = folder;
  }

  /** The process's classes, cached in {@link #defaultFolder()}. */
  public static PolicyClasses shared() {
    return SHARED;
  }

  /**
   * The cache folder: the system property {@code bufmgr.policyCache}, else the environment's
   * {@code BUFMGR_POLICY_CACHE}, else {@code bufmgr/policies} in the user's cache folder ({@code
   * XDG_CACHE_HOME}, by default {@code ~/.cache}).
   */
  public static Path defaultFolder() {
    String property = System.getProperty("bufmgr.policyCache");
    if (property != null && !property.isBlank()) return Path.of(property);
    String env = System.getenv("BUFMGR_POLICY_CACHE");
    if (env != null && !env.isBlank()) return Path.of(env);
    String xdg = System.getenv("XDG_CACHE_HOME");
    Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
    return base.resolve("bufmgr").resolve("policies");
  }

  /** The folder this cache uses now. */
  public Path folder() {
    return folder != null ? folder : defaultFolder();
  }

  /** How many sources this process has compiled, all caches together. */
  public static long compilations() {
    return PolicyCompiler.compilations();
  }

  /** The cache file of a source whose SHA-256 is {@code sha256} (hex). */
  public Path cacheFile(String sha256) {
    return folder().resolve(sha256 + ".jar");
  }

  /** The hex SHA-256 of {@code source}. */
  public static String sha256(byte[] source) {
    try {
      return HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(source));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("this Java runtime has no SHA-256", e);
    }
  }

  /**
   * The factory class compiled from {@code source}: loaded before in this process, or from the
   * cache, or compiled now (and cached).
   *
   * @param shown the file as the user named it, for messages
   * @param file the file's own name, {@code Clock.java}, whose class is the factory
   * @throws PolicyCompileException when it does not compile
   * @throws IllegalArgumentException when its class is missing or is no selector factory
   */
  public Class<? extends SelectorFactory> factoryClass(String shown, String file, byte[] source) {
    String sha = sha256(source);
    return loaded.computeIfAbsent(sha, k -> {
      Compiled cached = readCache(cacheFile(k));
      if (cached != null) return cached.factory(shown);
      String text = new String(source, java.nio.charset.StandardCharsets.UTF_8);
      Map<String, byte[]> classes = PolicyCompiler.compile(shown, file, text);
      Compiled made = new Compiled(classes, factoryName(shown, file, classes));
      Class<? extends SelectorFactory> factory = made.factory(shown);
      writeCache(cacheFile(k), made);
      return factory;
    });
  }

  /** The binary name of the top-level class named after the file. */
  private static String factoryName(String shown, String file, Map<String, byte[]> classes) {
    String simple = file.endsWith(".java") ? file.substring(0, file.length() - 5) : file;
    for (String name : classes.keySet()) {
      if (name.equals(simple) || name.endsWith("." + simple)) return name;
    }
    throw new IllegalArgumentException(shown + ": declares no class " + simple + " (the class that implements "
        + SelectorFactory.class.getName() + " must be named after the file)");
  }

  /** Compiled classes and which of them is the factory. */
  private record Compiled(Map<String, byte[]> classes, String factoryName) {
    Class<? extends SelectorFactory> factory(String shown) {
      ClassLoader loader = new MemoryClassLoader(classes, SelectorFactory.class.getClassLoader());
      Class<?> c;
      try {
        c = Class.forName(factoryName, false, loader);
      } catch (ClassNotFoundException | LinkageError e) {
        throw new IllegalArgumentException(shown + ": cannot load class " + factoryName + ": " + e.getMessage(), e);
      }
      if (!SelectorFactory.class.isAssignableFrom(c)) {
        throw new IllegalArgumentException(shown + ": class " + factoryName + " does not implement " + SelectorFactory.class.getName());
      }
      return c.asSubclass(SelectorFactory.class);
    }
  }

  /** The compiled classes of a cached jar, or null when there is none or it cannot be read. */
  private static Compiled readCache(Path jar) {
    if (!Files.isRegularFile(jar)) return null;
    try (InputStream in = Files.newInputStream(jar); JarInputStream j = new JarInputStream(in)) {
      Manifest m = j.getManifest();
      String factory = m == null ? null : m.getMainAttributes().getValue(FACTORY);
      if (factory == null) return null;
      Map<String, byte[]> classes = new LinkedHashMap<>();
      for (JarEntry e = j.getNextJarEntry(); e != null; e = j.getNextJarEntry()) {
        String n = e.getName();
        if (n.endsWith(".class")) classes.put(n.substring(0, n.length() - 6).replace('/', '.'), j.readAllBytes());
      }
      return classes.containsKey(factory) ? new Compiled(classes, factory) : null;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** Keeps compiled classes as a new jar; a cache that cannot be written is passed by. */
  private static void writeCache(Path jar, Compiled compiled) {
    if (Files.exists(jar)) return;
    Manifest m = new Manifest();
    m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    m.getMainAttributes().put(FACTORY, compiled.factoryName());
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (JarOutputStream out = new JarOutputStream(bytes, m)) {
      for (Map.Entry<String, byte[]> e : compiled.classes().entrySet()) {
        out.putNextEntry(new JarEntry(e.getKey().replace('.', '/') + ".class"));
        out.write(e.getValue());
        out.closeEntry();
      }
    } catch (IOException e) {
      return;
    }
    try {
      AtomicOutput.writeBytes(jar, bytes.toByteArray());
    } catch (UncheckedIOException e) {
      // a read-only or full cache: the class is compiled again next time
    }
  }

  /** Defines the compiled classes of one policy file, from memory. */
  private static final class MemoryClassLoader extends ClassLoader {
    private final Map<String, byte[]> classes;

    MemoryClassLoader(Map<String, byte[]> classes, ClassLoader parent) {
      super("policy-file", parent);
      this.classes = classes;
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
      byte[] b = classes.get(name);
      if (b == null) throw new ClassNotFoundException(name);
      return defineClass(name, b, 0, b.length);
    }
  }
}
