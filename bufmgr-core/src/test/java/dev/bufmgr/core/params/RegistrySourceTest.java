package dev.bufmgr.core.params;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A registry makes {@code PREFIX:REFERENCE} names through its sources, once, and refuses in one line. */
class RegistrySourceTest {

  private record Named(String name) implements Component {
    @Override
    public String description() {
      return "a test component";
    }

    @Override
    public List<ParameterSpec> parameters() {
      return List.of(ParameterSpec.integer("size", 1, 1, 9, "a size"));
    }
  }

  /** Makes a component for any reference but {@code bad.txt}, counting what it made. */
  private static final class Counting implements ComponentSource<Named> {
    final List<String> made = new ArrayList<>();

    @Override
    public String prefix() {
      return "text";
    }

    @Override
    public String referenceForm() {
      return "PATH.txt";
    }

    @Override
    public Named load(String reference) {
      if (reference.equals("bad.txt")) throw new IllegalArgumentException(reference + ":1: unreadable");
      made.add(reference);
      return new Named("text:" + reference);
    }
  }

  @Test
  void aReferenceIsMadeOnceByTheSourceForItsPrefix() {
    Counting source = new Counting();
    Registry<Named> r = Registry.of("thing", List.of(new Named("plain")), List.of(source));
    assertTrue(r.contains("text:a.txt"));
    assertFalse(r.contains("other:a.txt"));
    Named first = r.find("text:a.txt");
    assertSame(first, r.find("thing", Spec.parse("text:a.txt:size=3")));
    assertEquals(List.of("a.txt"), source.made);
    assertEquals(3, r.resolve("thing", Spec.parse("text:a.txt:size=3")).intValue("size"));
    assertEquals(List.of("plain"), r.names(), "made components are not listed");
  }

  @Test
  void refusalsNameTheReferenceAndTheForms() {
    Registry<Named> r = Registry.of("thing", List.of(new Named("plain")), List.of(new Counting()));
    assertEquals("bad.txt:1: unreadable",
        assertThrows(IllegalArgumentException.class, () -> r.find("text:bad.txt")).getMessage());
    assertEquals("unknown thing 'other:a.txt' (known: plain; or text:PATH.txt)",
        assertThrows(IllegalArgumentException.class, () -> r.find("other:a.txt")).getMessage());
  }
}
