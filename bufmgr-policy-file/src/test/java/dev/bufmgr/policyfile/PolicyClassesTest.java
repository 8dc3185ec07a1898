package dev.bufmgr.policyfile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.evict.SelectorFactory;
import dev.bufmgr.core.evict.SelectorRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Compiling, caching and refusing policy files. */
class PolicyClassesTest {
  @TempDir Path cache;
  @TempDir Path dir;

  @Test
  void aCachedClassIsLoadedFromTheCacheNotCompiledAgain() throws Exception {
    byte[] source = Files.readAllBytes(Path.of(ExamplePolicyTest.EXAMPLE));
    String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(source));
    long before = PolicyClasses.compilations();
    PolicyClasses first = new PolicyClasses(cache);
    Class<? extends SelectorFactory> compiled = first.factoryClass("Clock.java", "Clock.java", source);
    assertEquals(before + 1, PolicyClasses.compilations());
    assertEquals(List.of(cache.resolve(sha + ".jar")), listing(cache), "one jar, named by the source's SHA-256");
    assertSame(compiled, first.factoryClass("Clock.java", "Clock.java", source), "loaded once per process");

    PolicyClasses next = new PolicyClasses(cache);
    Class<? extends SelectorFactory> cached = next.factoryClass("Clock.java", "Clock.java", source);
    assertEquals(before + 1, PolicyClasses.compilations(), "a second run loads the jar and compiles nothing");
    assertNotSame(compiled, cached);
    assertEquals("clock", cached.getConstructor().newInstance().name());
    assertEquals(List.of(cache.resolve(sha + ".jar")), listing(cache));
  }

  @Test
  void eachCompilerErrorIsOneLineWithTheFilesNameAndLine() throws Exception {
    Path typo = dir.resolve("Typo.java");
    Files.writeString(typo, """
        import dev.bufmgr.core.evict.SelectorFactory;

        /** Does not compile: two errors, on lines 6 and 8. */
        public abstract class Typo implements SelectorFactory {
          public String name() {
            return nmae;
          }
          public Strin description() { return "typo"; }
        }
        """);
    long before = PolicyClasses.compilations();
    PolicyCompileException e = assertThrows(PolicyCompileException.class,
        () -> new FileSelectorSource(new PolicyClasses(cache)).load(typo.toString()));
    assertEquals(2, e.errors().size(), e.getMessage());
    assertTrue(e.errors().get(0).startsWith(typo + ":6: cannot find symbol"), e.errors().get(0));
    assertTrue(e.errors().get(0).contains("variable nmae"), e.errors().get(0));
    assertTrue(e.errors().get(1).startsWith(typo + ":8: cannot find symbol"), e.errors().get(1));
    assertEquals(before + 1, PolicyClasses.compilations());
    assertEquals(List.of(), listing(cache), "nothing cached for a file that does not compile");
  }

  @Test
  void aFileThatIsNoPolicyIsRefusedInOneLineNamingIt() throws Exception {
    FileSelectorSource source = new FileSelectorSource(new PolicyClasses(cache));
    Path missing = dir.resolve("Missing.java");
    assertEquals(missing + ": cannot read the policy file (no such file)",
        assertThrows(IllegalArgumentException.class, () -> source.load(missing.toString())).getMessage());
    Path other = dir.resolve("Other.java");
    Files.writeString(other, "class Something {}\n");
    assertEquals(other + ": declares no class Other (the class that implements dev.bufmgr.core.evict.SelectorFactory "
        + "must be named after the file)", assertThrows(IllegalArgumentException.class, () -> source.load(other.toString())).getMessage());
    Path plain = dir.resolve("Plain.java");
    Files.writeString(plain, "public class Plain {}\n");
    assertEquals(plain + ": class Plain does not implement dev.bufmgr.core.evict.SelectorFactory",
        assertThrows(IllegalArgumentException.class, () -> source.load(plain.toString())).getMessage());
  }

  @Test
  void theRegistryFindsFilesThroughTheSource() {
    SelectorRegistry registry = SelectorRegistry.load();
    String name = "file:" + ExamplePolicyTest.EXAMPLE;
    assertTrue(registry.contains(name));
    assertEquals(name, registry.find(name).name());
    assertEquals("file:" + ExamplePolicyTest.EXAMPLE + ":batch=4,hand=global",
        registry.validate(dev.bufmgr.core.params.Spec.parse(name + ":batch=4")).canonicalName());
    assertTrue(assertThrows(IllegalArgumentException.class, () -> registry.find("nosuch"))
        .getMessage().endsWith("; or file:PATH.java)"));
  }

  private static List<Path> listing(Path folder) throws Exception {
    try (Stream<Path> s = Files.list(folder)) {
      return s.sorted().toList();
    }
  }
}
