package dev.bufmgr.workloads.trace;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits one CSV line into fields as RFC 4180 writes them: a field that begins with a double
 * quote runs to the matching closing quote, a doubled quote inside it stands for one quote, and
 * separators inside it do not split. A field may not span lines. Unquoted fields are taken as
 * they are (surrounding blanks are the caller's to strip).
 */
final class CsvFields {
  /** Why a line cannot be split; the reader adds the file and record. */
  static final class Unsplittable extends RuntimeException {
    Unsplittable(String reason) {
      super(reason, null, false, false);
    }
  }

  private CsvFields() {}

  /** The fields of {@code line} separated by {@code sep}. */
  static List<String> split(String line, char sep) {
    List<String> fields = new ArrayList<>();
    int i = 0;
    int n = line.length();
    while (true) {
      int start = i;
      while (i < n && line.charAt(i) == ' ' && sep != ' ') i++;
      if (i < n && line.charAt(i) == '"') {
        StringBuilder value = new StringBuilder();
        int open = i++;
        while (true) {
          if (i >= n) throw new Unsplittable("unterminated quote (opened at character " + (open + 1) + ")");
          char c = line.charAt(i++);
          if (c != '"') {
            value.append(c);
          } else if (i < n && line.charAt(i) == '"') {
            value.append('"');
            i++;
          } else {
            break;
          }
        }
        while (i < n && line.charAt(i) == ' ' && sep != ' ') i++;
        if (i < n && line.charAt(i) != sep) {
          throw new Unsplittable("text after the closing quote of field " + (fields.size() + 1));
        }
        fields.add(value.toString());
      } else {
        i = start;
        while (i < n && line.charAt(i) != sep) i++;
        fields.add(line.substring(start, i));
      }
      if (i >= n) return fields;
      i++;
    }
  }
}
