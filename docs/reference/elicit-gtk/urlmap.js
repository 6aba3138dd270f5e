// A map between namespaces and base URLs for their online documentation
baseURLs = [
  [ 'Elicit', '../elicit-1/' ],
  [ 'GLib', 'https://docs.gtk.org/glib/' ],
  [ 'GObject', 'https://docs.gtk.org/gobject/' ],
  [ 'Gio', 'https://docs.gtk.org/gio/' ],
  [ 'Json', 'https://gnome.pages.gitlab.gnome.org/json-glib/' ],
  [ 'Gdk', 'https://docs.gtk.org/gdk4/' ],
  [ 'Gsk', 'https://docs.gtk.org/gsk4/' ],
  [ 'Gtk', 'https://docs.gtk.org/gtk4/' ],
  [ 'Pango', 'https://docs.gtk.org/Pango/' ],
]
