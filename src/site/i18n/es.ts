/** Spanish: español internacional neutro, trato de usted, reloj de 24 horas (glossary of fixed terms: docs/i18n.md) */
import type { Catalogue } from './messages.ts';

const es: Catalogue = {
  site: {
    description:
      'Pronóstico y registro de los reinicios anunciados de los límites de uso de OpenAI Codex: probabilidad de un reinicio en las próximas 24 y 48 horas, todos los reinicios registrados y los reinicios guardados, en JSON, MCP, Atom e iCalendar.',
    skip: 'Saltar al contenido',
    feedTitle: '{site}: reinicios registrados',
    calendarTitle: 'Calendario de {site}',
    forecastJsonTitle: 'Pronóstico (JSON)',
    footer: '{attribution}. Proyecto independiente, sin relación con OpenAI. Gratuito, sin clave y con CORS activado.',
    atomFeed: 'Feed Atom',
    calendar: 'Calendario',
  },
  nav: {
    label: 'Principal',
    languages: 'Idioma',
    forecast: 'Pronóstico',
    timeline: 'Cronología',
    banked: 'Reinicios guardados',
    methodology: 'Metodología',
    developers: 'API y MCP',
    alerts: 'Alertas',
  },
  time: {
    justNow: 'hace un momento',
    days: { one: '{count} día', other: '{count} días' },
  },
  words: {
    yes: 'sí',
    no: 'no',
    partial: 'parcial',
    notGlobal: 'no global',
    globalUnknown: 'alcance no indicado',
    unknownValue: 'desconocido',
    uncertain: 'con dudas',
    inDoubt: 'en duda:',
    certaintyIs: 'Certeza: {certainty}',
    scopeNote: 'Nota sobre el alcance:',
    sourceLabel: 'Fuente:',
    noPost: 'sin publicación registrada',
    whenAgo: '{when} ({ago})',
    permalink: 'Enlace permanente',
    postBy: 'publicación de {who}',
    unnamedSource: 'una fuente anónima',
    promisedOn: 'Prometido por adelantado el {when}: {link}.',
    thePromise: 'ver la promesa',
    corrected: 'corregido',
    reasonLabel: 'Motivo:',
    retracted: 'retirado',
    retractedOn: 'Retirado el {when}: {reason}.',
    originalPost: 'la publicación original',
    scope: { all: 'Todos los planes', paid: 'Planes de pago', unspecified: 'Planes sin especificar' },
    kind: { reset: 'reinicio', banked: 'reinicio guardado', boost: 'aumento', other: 'otro' },
    certainty: { high: 'alta', medium: 'media', low: 'baja' },
    confidence: { low: 'baja', medium: 'media', high: 'alta' },
    origin: {
      official_post: 'publicación oficial de {who}',
      official_other: 'declaración oficial de {who}',
      observed: 'informe de usuarios, vía {who}',
      community: 'publicación de {who} (cuenta no oficial)',
    },
    signalSource: {
      status: 'Página de estado de OpenAI',
      issues: 'Incidencias de Codex (GitHub)',
      x: 'Publicaciones en X',
      staff: 'Comentarios del personal de OpenAI (GitHub)',
    },
    check: {
      ok: 'correcto',
      skipped: 'omitido',
      failed: 'fallido',
      via: 'vía {via}',
    },
    health: {
      ok: 'comprobado {when}',
      skipped: 'no se comprobó en la última ejecución ({when})',
      needsKey: 'sin comprobar: necesita una clave de API y no hay ninguna configurada',
      failingSince: 'no se ha podido acceder desde el {when}',
      neverReached: 'aún no se ha podido acceder: ninguna comprobación ha tenido éxito',
      failed: 'no se pudo acceder en la última comprobación ({when})',
      freshNone:
        'El pronóstico se basa solo en el registro de reinicios (todavía no se ha leído ninguna señal de estado ni de incidencias); eventos comprobados {events}; página generada el {built}.',
      noneYet:
        'La página de estado y el gestor de incidencias aún no se han podido leer, así que el pronóstico deja fuera sus señales y se basa solo en el registro de reinicios.',
    },
    promise: {
      open: 'abierta',
      fulfilled: 'cumplida',
      lapsed: 'vencida: ningún reinicio en su plazo',
      window: 'Reinicio esperado entre el {start} y el {end}',
      fulfilledBy: 'el reinicio que la cumplió',
    },
    correction: {
      retracted: 'retirado: no ocurrió tal como se registró',
      rerecorded: 'registrado de nuevo tras su retirada',
      relink: {
        linked: 'la promesa cuenta ahora como cumplida por un reinicio registrado',
        unlinked: 'la promesa ya no cuenta como cumplida',
        moved: 'la promesa cuenta ahora como cumplida por otro reinicio registrado',
      },
      linkMoved: 'enlace trasladado: la entrada tiene una nueva dirección en Resetcast',
      changed: '{field}: {before} → {after}',
      field: {
        time: 'hora',
        scope: 'alcance',
        kind: 'tipo',
        partial: 'parcial',
        global: 'aplicado a todos',
        summary: 'resumen',
        certainty: 'certeza',
        expiry: 'caducidad del reinicio guardado',
        url: 'enlace a la publicación',
        origin: 'origen',
        source: 'fuente',
        scopeNote: 'nota sobre el alcance',
      },
    },
    inEnglish: '(en inglés)',
    rerecorded: {
      badge: 'registrado de nuevo',
      line: 'Registrado de nuevo {when} tras su {link}.',
      retraction: 'retirada',
    },
    doubt: {
      time: 'hora exacta desconocida',
      post: 'publicación de origen no segura',
      account: 'cuenta que publicó no segura',
      scope: 'planes no indicados',
      partial: 'no se indica si fue parcial',
      global: 'no se indica si llegó a todos',
      kind: 'tipo no seguro',
      completion: 'no se indica si terminó',
      endDate: 'fecha de fin desconocida',
      grantedAt: 'hora exacta de concesión desconocida',
      summary: 'el resumen es el texto de la publicación',
      expiresAt: 'caducidad exacta desconocida',
      other: 'otro detalle no seguro',
    },
    unvouched: {
      title: 'Sin garantía: pueden faltar reinicios recientes.',
      stale:
        'El registro de reinicios se contrastó con las fuentes por última vez {ago} ({when}). Los datos registrados desde entonces se muestran, pero las fuentes no se han vuelto a comprobar, así que puede faltar un reinicio anunciado después.',
      staleUnknown:
        'El registro de reinicios no tiene una hora válida de su última comprobación; lo anunciado hace poco puede no estar aún en esta página.',
      tooFew: 'Hay menos de {min} reinicios registrados: muy pocos para promediar un intervalo, así que el pronóstico no tiene garantía.',
    },
    confidenceReason: {
      record: { one: '{count} reinicio registrado', other: '{count} reinicios registrados' },
      recordSince: {
        one: '{count} reinicio registrado desde el {since}',
        other: '{count} reinicios registrados desde el {since}',
      },
      tooFew: 'Hay menos de {min} reinicios registrados: no hay intervalos que promediar, así que no hay pronóstico.',
      noRhythm: 'El modelo de ritmo necesita {min} reinicios; en su lugar se usa la tasa sin memoria.',
      stale:
        'El registro de eventos se comprobó por última vez hace {age} (límite: {limit}): pueden faltar reinicios posteriores, así que las cifras se muestran sin garantía.',
      staleUnknown:
        'El registro de eventos no tiene una hora de última comprobación válida (no hay ninguna o está en el futuro): pueden faltar reinicios, así que las cifras se muestran sin garantía.',
      statusMissing: 'Señal de estado no disponible (ninguna comprobación correcta reciente): no se tiene en cuenta.',
      issuesMissing: 'Señal de incidencias no disponible (ninguna comprobación correcta reciente): no se tiene en cuenta.',
      smallSample: 'Menos de {min} reinicios: la muestra es pequeña.',
    },
  },
  home: {
    title: 'Pronóstico de reinicios de los límites de uso de Codex',
    h1: '¿Se reiniciarán pronto los límites de uso de {product}?',
    odds: {
      heading: 'Probabilidad de un reinicio anunciado',
      within: 'Probabilidad de un reinicio anunciado en las próximas {span}',
      hours24: '24 horas',
      hours48: '48 horas',
    },
    answer: {
      confidence: 'Confianza: {level}.',
      vouched: 'Con garantía: el registro de reinicios se comprobó {ago}.',
      notVouched: 'Sin garantía (vea más abajo).',
      grants: { one: 'Hay {count} reinicio guardado activo: {link}.', other: 'Hay {count} reinicios guardados activos: {link}.' },
      grantsLink: 'caducidad y consejo más abajo',
      alerts: 'Reciba una alerta cuando se anuncie un reinicio',
      trackHeading: 'Cuánto fiarse de estas probabilidades',
    },
    context: {
      above: 'Está por encima del promedio a largo plazo, que es del {usual} cada 24 horas (en promedio, un reinicio cada {gap}).',
      below: 'Está por debajo del promedio a largo plazo, que es del {usual} cada 24 horas (en promedio, un reinicio cada {gap}).',
      about: 'Está en torno al promedio a largo plazo, que es del {usual} cada 24 horas (en promedio, un reinicio cada {gap}).',
      promise: 'Hay abierta una promesa oficial de reinicio, lo que aumenta la probabilidad: consulte su plazo más abajo.',
    },
    track: {
      replay:
        'Rendimiento: aplicadas retrospectivamente a los datos registrados y comparadas con una estimación simple que siempre da la probabilidad media a largo plazo, estas probabilidades obtuvieron una destreza de {skill24} a 24 horas y de {skill48} a 48 horas (la destreza es la proporción en que sus errores fueron menores que los de la estimación simple; una cifra negativa significa que la estimación simple acertó más).',
      replayInterval:
        'Rendimiento: aplicadas retrospectivamente a los datos registrados y comparadas con una estimación simple que siempre da la probabilidad media a largo plazo, estas probabilidades obtuvieron una destreza de {skill24} a 24 horas (intervalo del 90 %: de {lower} a {upper}) y de {skill48} a 48 horas (la destreza es la proporción en que sus errores fueron menores que los de la estimación simple; una cifra negativa significa que la estimación simple acertó más).',
      liveNone: 'En vivo, todavía no se ha puntuado ningún pronóstico registrado.',
      live: {
        one: 'En vivo, hasta ahora se ha puntuado {count} pronóstico registrado: su destreza a 24 horas frente a la estimación simple es de {skill}.',
        other:
          'En vivo, hasta ahora se han puntuado {count} pronósticos registrados: su destreza a 24 horas frente a la estimación simple es de {skill}.',
      },
      liveProvisional: {
        one: 'En vivo, hasta ahora se ha puntuado {count} pronóstico registrado: su destreza a 24 horas frente a la estimación simple es de {skill} (provisional: aún son muy pocos).',
        other:
          'En vivo, hasta ahora se han puntuado {count} pronósticos registrados: su destreza a 24 horas frente a la estimación simple es de {skill} (provisional: aún son muy pocos).',
      },
      details: 'Detalles',
    },
    fresh: {
      today: 'Hoy (UTC) hay un reinicio registrado.',
      notToday: 'Hoy (UTC) no hay ningún reinicio registrado.',
      checked: 'Señales comprobadas {signals}; eventos comprobados {events}; página generada el {built}.',
    },
    outlook: {
      heading: 'Los próximos 7 días',
      chartTitle: 'Probabilidad de un reinicio anunciado en los próximos 7 días',
      chartDesc: 'Probabilidad acumulada de al menos un reinicio anunciado en {points}.',
      point: '{days}: {chance}',
      dayTick: '{n} d',
      markTitle: '{hours}: {chance}',
      caption:
        'Los próximos 7 días: probabilidad de al menos un reinicio anunciado en cada plazo a partir de ahora, según la misma estimación (los puntos marcados son las cifras de 24 h y 48 h de arriba). En JSON: {json}.',
    },
    last: {
      heading: 'Último reinicio registrado',
      when: 'Cuándo',
      what: 'Qué y para quién',
      said: 'Qué se dijo',
      source: 'Fuente',
      onTimeline: 'en la cronología',
      none: 'Todavía no hay ningún reinicio registrado.',
    },
    banked: {
      heading: 'Reinicios guardados que puede canjear',
      none: 'No hay ninguno activo.',
      noneMore: 'Todas las concesiones registradas han caducado; las caducadas figuran en la {link}.',
      pageLink: 'página de reinicios guardados',
      intro: {
        one: 'Hay {count} reinicio guardado activo. Abajo se indica su caducidad exacta (UTC), el tiempo restante y si conviene usarlo o conservarlo; más información en la {link}.',
        other:
          'Hay {count} reinicios guardados activos. Abajo se indica, para cada uno, su caducidad exacta (UTC), el tiempo restante y si conviene usarlo o conservarlo; más información en la {link}.',
      },
    },
    promises: {
      heading: 'Reinicios prometidos',
      none: 'No hay ninguna promesa oficial de reinicio abierta.',
    },
    confidence: {
      why: 'Por qué la confianza es {level}:',
      model: 'Cómo se calculan las cifras, con los datos de entrada de esta estimación explicados: {link}.',
    },
    about: {
      heading: 'Acerca de estas cifras',
      disclaimer:
        'Resetcast es un proyecto independiente, sin relación con OpenAI. Los reinicios se han anunciado sin una pauta fija; los porcentajes son estimaciones basadas en anuncios anteriores, no un calendario.',
      credit: '¿Usa estos datos? Cítelos como «{attribution}».',
    },
  },
  banked: {
    title: 'Reinicios guardados',
    description:
      'Reinicios guardados de los límites de uso de Codex que aún se pueden canjear, cuándo caduca cada uno y las concesiones que ya han caducado.',
    what: 'Un reinicio guardado es un crédito de reinicio que se añade a las cuentas de los usuarios para canjearlo más adelante.',
    rule: 'Si no se usa, un reinicio guardado caduca {days} después de concederse, salvo que la concesión indique otra fecha de caducidad.',
    activeHeading: 'Activos ahora',
    noneTitle: 'No hay ningún reinicio guardado activo.',
    noneBody: 'Todas las concesiones registradas han caducado; la última, el {when}.',
    noneRecorded: 'Todavía no se ha registrado ningún reinicio guardado.',
    spendOrHold:
      'Usar o conservar: para cada concesión, la probabilidad de que se anuncie un reinicio gratuito antes de que caduque, según la misma estimación que el {forecast} ({methodology}). Es una estimación basada en anuncios anteriores, no una promesa.',
    forecastLink: 'pronóstico',
    notVouchedTitle: 'Por ahora, estas estimaciones no están garantizadas.',
    notVouchedBody: 'El pronóstico no está disponible (consulte su {link}): pueden faltar reinicios en el registro.',
    confidenceLink: 'nivel de confianza',
    pastHeading: 'Concesiones caducadas ({count})',
    json: 'En JSON: {json}. Los recordatorios de caducidad están en el {calendar}.',
    calendarLink: 'feed de calendario',
    granted: 'Concedido',
    expired: 'Caducó',
    expires: 'Caduca',
    timeLeft: 'Tiempo restante',
    reminders: 'Recordatorios',
    reminderAt: '{span} antes: {when}',
    certainty: 'Certeza',
    estimate: 'Estimación:',
    chance: '{chance} de probabilidad de un reinicio gratuito antes de que caduque.',
    hold: 'Es probable que llegue uno antes de la caducidad: consérvelo.',
    use: 'No es probable que llegue uno a tiempo: úselo antes del {expiry}.',
    over: 'más del {percent}',
    under: 'menos del {percent}',
  },
  timeline: {
    recordedLanguage: 'Los resúmenes y las notas se citan tal como se registraron, en inglés.',
    title: 'Cronología de reinicios registrados',
    description:
      'Todos los anuncios registrados de reinicios de los límites de uso de Codex, con una página por año y del más reciente al más antiguo, junto con la publicación de origen y el grado de certeza de cada dato.',
    counts: {
      one: '{count} evento registrado entre el {from} y el {to}; reinicios (tipo «reinicio» o «reinicio guardado»): {resets}.',
      other:
        '{count} eventos registrados entre el {from} y el {to}, de los cuales {resets} son reinicios (tipo «reinicio» o «reinicio guardado»).',
    },
    uncertainNote: {
      one: '{count} entrada contiene datos de los que no estamos seguros: lleva la etiqueta {badge} e indica los campos en duda.',
      other: '{count} entradas contienen datos de los que no estamos seguros: llevan la etiqueta {badge} e indican los campos en duda.',
    },
    perYear: 'Cada evento, promesa y corrección figura en la página de su año:',
    yearsLabel: 'Años',
    eventCount: { one: '{count} evento', other: '{count} eventos' },
    latest: { one: 'El último evento', other: 'Los últimos {count} eventos' },
    json: 'En JSON: {timeline} (todos los eventos), las notas de certeza en {notes}, {promises} y {corrections}.',
    jsonNoCorrections:
      'En JSON: {timeline} (todos los eventos), las notas de certeza en {notes}, {promises} y {corrections} (por ahora, sin correcciones).',
    charts: {
      heading: 'De un vistazo',
      perMonthTitle: 'Reinicios registrados por mes',
      perMonthDesc: {
        one: '{count} reinicio entre {first} y {last}.',
        other: '{count} reinicios entre {first} y {last}.',
      },
      busiest: 'El mes con más reinicios fue {month}, con {count}.',
      seeList: 'La lista de eventos de abajo los detalla uno a uno.',
      resetsTip: { one: '{label}: {count} reinicio', other: '{label}: {count} reinicios' },
      perMonthCaption: 'Reinicios y reinicios guardados registrados por mes (UTC).',
      gapsTitle: 'Intervalos entre reinicios registrados',
      bucket: '{lo}–{hi} d',
      bucketOpen: '{lo}+ d',
      gapsDesc: 'Cuántos días pasaron entre reinicios consecutivos: {items}.',
      gapsTip: { one: '{label}: {count} intervalo', other: '{label}: {count} intervalos' },
      gapsCaption: 'Días entre un reinicio registrado y el siguiente.',
    },
    year: {
      title: 'Reinicios de {year}',
      description:
        'Todos los reinicios de los límites de uso de Codex, reinicios guardados, promesas y correcciones registrados en {year}, del más reciente al más antiguo.',
      heading: 'Reinicios registrados en {year}',
      overview: 'Resumen de la cronología',
      otherYears: 'otros años:',
      events: {
        one: 'Eventos de {year}, del más reciente al más antiguo ({count})',
        other: 'Eventos de {year}, del más reciente al más antiguo ({count})',
      },
      promises: { one: 'Promesas de reinicio en {year} ({count})', other: 'Promesas de reinicio en {year} ({count})' },
      promisesIntro:
        'Publicaciones oficiales que prometían un reinicio próximo, con el plazo (en UTC) en que se esperaba: según la propia publicación (p. ej., «antes de que acabe el día») o, si no indicaba ningún momento, 72 horas después de publicarse.',
      retracted: { one: 'Eventos retirados ({count})', other: 'Eventos retirados ({count})' },
      retractedIntro:
        'Se registraron y después se retiraron porque no ocurrieron tal como se habían registrado. Ya no se tienen en cuenta en ningún cálculo, pero su registro se conserva aquí.',
      json: 'En JSON: {link}.',
    },
  },
  dev: {
    title: 'API, MCP y línea de estado',
    description:
      'Acceso gratuito, de solo lectura y sin clave a los datos de Resetcast: endpoints JSON con ejemplos de curl, el servidor MCP para Claude Code, Cursor, VS Code y Codex CLI, feeds y un script para la línea de estado.',
    apiDoc: 'Cada endpoint, campo, límite y error de esta interfaz se describe en {doc}, en el código fuente.',
    intro:
      'Todo es de solo lectura, gratuito y no requiere clave. CORS está activado y las respuestas se almacenan en caché durante 5 minutos. Si usa los datos, cítelos como «{attribution}». Los porcentajes son estimaciones basadas en anuncios anteriores, no un calendario. Los datos, los feeds y la API están en inglés.',
    terminal: 'Terminal',
    toc: 'En esta página',
    json: {
      heading: 'Endpoints JSON y feeds',
      schemasHeading: 'Esquemas JSON',
      schemas: 'Cada respuesta tiene su esquema JSON (JSON Schema):',
    },
    alerts: {
      heading: 'Recibir alertas',
      link: 'Las notificaciones de ntfy, Telegram, los feeds Atom y JSON, el calendario y las alertas en su propio Discord o Slack tienen su propia página: {link}.',
      linkText: 'recibir alertas',
    },

    mcp: {
      heading: 'Servidor MCP',
      intro:
        'Un servidor MCP sin estado y de solo lectura (Streamable HTTP) en {url}, con tres herramientas: {forecast}, {list} (con {limit} opcional, 20 por defecto, y {since}, una fecha ISO) y {signals}.',
      list: 'Listar las herramientas (JSON-RPC tools/list)',
      call: 'Llamar a una herramienta',
      cursorFile: '.cursor/mcp.json (o ~/.cursor/mcp.json para todos los proyectos)',
      orTerminal: 'o desde la terminal',
      discoveryHeading: 'Descubrimiento',
      discovery:
        'El servidor se describe a sí mismo para los registros y clientes que lo buscan: {card} (tarjeta del servidor), {catalog} (catálogo MCP), {aiCatalog} (AI Catalog) y {registry} (entrada del MCP Registry).',
      llms: 'Para modelos de lenguaje y agentes: {link} resume Resetcast, sus endpoints y su servidor MCP en un único archivo de texto plano.',
    },
    sl: {
      heading: 'Línea de estado',
      intro:
        '{script}, un pequeño script POSIX de {sh} + {curl}, imprime {output}. Guarda el pronóstico en caché durante 10 minutos, espera como máximo 2 segundos y no imprime nada si la solicitud falla, así que nunca bloquea el prompt.',
      limits:
        'Si en el equipo hay sesiones de Codex, pone tus propios límites junto a la probabilidad, {limits}: leídos del archivo de sesión más reciente que escribió Codex, nunca enviados a ningún sitio.',
      install: 'Instalación',
    },
  },
  alerts: {
    title: 'Recibir alertas',
    description:
      'Entérese de un reinicio de los límites de uso de Codex en cuanto se anuncie: notificaciones de ntfy en el teléfono o el escritorio, feeds Atom y JSON, un calendario y alertas en su propio Discord o Slack.',
    intro:
      'Reciba un aviso cuando se produzca un reinicio, cuando se prometa uno (y si finalmente llegó), un día, 5 horas y una hora antes de que caduque un reinicio guardado, cuando se corrija un dato publicado y cuando el pronóstico cruce un umbral. Las mismas alertas llegan a todos los canales que se indican abajo; cada una tiene un id que nunca cambia, para que un lector de feeds o una aplicación pueda distinguir una alerta nueva de una que ya ha visto.',
    ntfyHeading: 'ntfy (notificaciones en el teléfono y el escritorio)',
    ntfy: 'Resetcast publica cada alerta en el tema público {topic} de {host}; un reinicio nuevo, uno o dos minutos después de su publicación. Cualquiera puede suscribirse; solo Resetcast publica.',
    ntfyApp:
      'En el teléfono, instale la aplicación de ntfy ({install}) y suscríbase al tema; en un navegador, {web} y permita las notificaciones; o desde una terminal:',
    installLink: 'Android e iOS',
    webLink: 'abra el tema',
    ntfyCli: 'CLI de ntfy',
    ntfyCurl: 'o con curl (un mensaje JSON por línea)',
    telegramHeading: 'Telegram',
    telegramNone:
      'Resetcast aún no tiene un canal público de Telegram; mientras tanto, siga las alertas con ntfy o con un lector de feeds.',
    telegram: 'Resetcast publica cada alerta en el canal de Telegram {channel}: ábralo en Telegram y únase.',
    readersHeading: 'Lectores de feeds',
    readers: 'Todas las alertas, de la más reciente a la más antigua: {feed} (también en JSON: {json}).',
    feedUrl: 'URL del feed',
    thresholds: {
      one: 'Un feed por umbral, para seguir solo el que le interese; cada uno incluye además todos los reinicios registrados. Cada feed avisa cuando la probabilidad supera su umbral y no vuelve a avisar hasta que haya bajado claramente por debajo de él, para que un valor que ronda el umbral no genere avisos intermitentes. Un pronóstico emitido tras una pausa de más de {count} hora en el registro no genera ningún aviso.',
      other:
        'Un feed por umbral, para seguir solo el que le interese; cada uno incluye además todos los reinicios registrados. Cada feed avisa cuando la probabilidad supera su umbral y no vuelve a avisar hasta que haya bajado claramente por debajo de él, para que un valor que ronda el umbral no genere avisos intermitentes. Un pronóstico emitido tras una pausa de más de {count} horas en el registro no genera ningún aviso.',
    },
    thresholdFeed: '{feed}: la probabilidad a {horizon} horas alcanza el {threshold} (vuelve a avisar después de bajar del {rearm})',
    records: 'Solo los reinicios registrados, sin las demás alertas: {atom} (Atom) y {json} (JSON Feed).',
    calendarHeading: 'Aplicaciones de calendario',
    calendar:
      'Los reinicios pasados y recordatorios 24 horas, 5 horas y 1 hora antes de que caduque cada reinicio guardado. {link} o pegue la dirección:',
    subscribe: 'Suscríbase desde su aplicación de calendario',
    subscription: 'Dirección de suscripción',
    https: 'La misma, para las aplicaciones que piden https (Google Calendar: «Desde URL»)',
    chatHeading: 'Su propio Discord o Slack',
    chat: 'Resetcast no publica en el servidor ni en el espacio de trabajo de nadie. Una comunidad recibe las alertas en su propio canal de una de estas formas:',
    chatFeed:
      'Un bot de feeds: añada el feed de alertas (o uno de umbral) a un bot o una aplicación que publique las entradas nuevas en un canal.',
    chatRelay: 'Un repetidor: un pequeño bot propio que sigue el tema de ntfy ({stream}) y publica cada mensaje en su canal.',
    chatOwn:
      'Su propia copia de Resetcast en Netlify: su vigilante publica cada alerta una sola vez en el webhook entrante de su canal. Defina el webhook como {discord} o {slack} en el entorno del sitio, junto con {x} para leer las publicaciones; {doc} en el código fuente enumera todo lo que hay que definir.',
    chatOwnVars: 'El entorno de Netlify de su copia (ámbito Functions)',
    chatByHand:
      'Sin Netlify, {command} en un clon envía las alertas de su data/ a los webhooks definidos en su entorno, cada una una sola vez.',
  },
  method: {
    today: {
      heading: 'Esta estimación, en palabras',
      gaps: 'Los reinicios han llegado de media cada {gap}; el último fue hace {since}.',
      base: 'Solo con ese intervalo medio, como si un reinicio fuera igual de probable en cualquier momento, la probabilidad de uno en 24 horas es del {chance}.',
      rhythm:
        'Dando más peso a los reinicios recientes y a los días de la semana en que cayeron, el modelo de ritmo la sitúa en el {chance}.',
      noRhythm: 'Hay muy pocos reinicios registrados para el modelo de ritmo, así que se usa solo el intervalo medio.',
      noSignal:
        'Ahora no la aumenta ninguna promesa oficial abierta, ningún incidente en la página de estado ni ningún aumento de incidencias sobre los límites de uso.',
      signal:
        'Las señales la aumentan: una promesa oficial abierta, la página de estado y el gestor de incidencias suman por sí solos un {chance}.',
      result: 'En total: {p24} en 24 horas y {p48} en 48 horas.',
      json: 'Los mismos datos de entrada en cifras: {json} (versión de la fórmula {version}).',
      signalsHeading: 'Comprobación de señales',
    },
    title: 'Metodología',
    description:
      'Cómo se calcula el pronóstico de Resetcast, qué resultados habría obtenido con los datos históricos registrados y cómo funciona en vivo.',
    intro:
      'El pronóstico es una estimación basada en el momento en que se produjeron los anuncios anteriores y en las publicaciones oficiales que prometieron un reinicio. No es un calendario. Versión de la fórmula: {version}; las ecuaciones también están en {doc}, en el código fuente. Todas las cifras de abajo están en {backtest} y {track}.',
    range: '{lower} a {upper}',
    withInterval: '{value} ({interval})',
    points: '{n} pts',
    horizon: 'Horizonte',
    formula: {
      heading: 'La fórmula',
      intro:
        'Todas las constantes se fijan de antemano; lo único que se aprende del registro se aprende de lo que se publicó antes del momento del pronóstico.',
      resetsTerm: 'Reinicios',
      resets: 'Los eventos de tipo «reinicio» y «reinicio guardado» cuentan como reinicios. Las horas son las de publicación, en UTC.',
      gaps: '(último reinicio − primer reinicio) / (número de reinicios − 1); ahora − último reinicio.',
      B: '1 − exp(−24 / avg_gap_hours): la probabilidad sin memoria (con tasa constante) de un reinicio en 24 h. Es la referencia con la que se mide toda cifra de destreza.',
      recencyTerm: 'Tasa ponderada por antigüedad',
      recency:
        'Para cada semivida τ de {halfLives} días: los reinicios posteriores al primero, cada uno con un peso de {weight}, divididos por la duración ponderada del registro. La tasa utilizada es el promedio de las {n}.',
      weekdayTerm: 'Factores por día de la semana',
      weekday:
        'Con qué frecuencia cayeron los reinicios en cada día de la semana (UTC) en comparación con el promedio, contraídos hacia 1 con {prior} pseudorreinicios por día de la semana, para que un patrón poco sólido apenas mueva las cifras.',
      C: '1 − exp(−tasa × las próximas 24 h ponderadas por los factores de día de la semana); null con menos de {min} reinicios, en cuyo caso se usa B.',
      cad24: 'C si existe; si no, B.',
      official:
        '1 mientras haya abierta una promesa oficial de reinicio (publicada, con su plazo aún sin terminar, su reinicio aún sin registrar y un plazo que empieza dentro del horizonte); si no, 0.',
      weightTerm: 'Peso oficial',
      weight:
        '(promesas cumplidas + {kept}) / (promesas resueltas + {settled}), contando solo las promesas resueltas antes del pronóstico; una promesa se da por cumplida si el reinicio llegó dentro del horizonte contado desde la publicación. Nunca es 1. Hoy: {w24} a 24 h ({k24} de {s24} cumplidas) y {w48} a 48 h.',
      signals:
        'Un componente de Codex degradado o un incidente sin resolver, y un exceso de incidencias nuevas en GitHub sobre los límites de uso; 0 si falta la comprobación o tiene más de {maxAge}. Como aún no tienen datos históricos registrados, sus pesos se fijan en valores pequeños ({status} y {issues}) y el backtest no las incluye.',
      S: '1 − (1 − peso·official)(1 − {status}·status)(1 − {issues}·issues), para las próximas 24 h.',
      p: '{formula}, con p48 nunca por debajo de p24. La {outlook} es el mismo cálculo cada 6 h hasta las 168 h.',
      outlookLink: 'perspectiva a 7 días',
      available:
        'Falso con menos de {min} reinicios o si el registro de eventos se comprobó por última vez hace más de {days} (pueden faltar reinicios). Las cifras se publican igualmente.',
      spendTerm: 'Usar o conservar',
      spend:
        'Para cada reinicio guardado activo, la misma estimación aplicada al tiempo que falta hasta su caducidad: si supera el {threshold}, conviene conservarlo; si no, usarlo antes de que caduque.',
    },
    backtest: {
      heading: 'Backtest',
      intro:
        'Se emite un pronóstico cada {step} desde {warmup} después del primer reinicio hasta el último (del {first} al {last}); cada uno usa solo los eventos y las publicaciones oficiales disponibles hasta ese momento y se puntúa según si hubo un reinicio en las 24 h y 48 h siguientes. Mientras se conocen menos de dos reinicios, se puntúa como {noInfo} (el periodo de calentamiento, que no se incluye en las cifras de calibración). Los intervalos son intervalos percentiles del 90 % de un bootstrap circular de bloques móviles, con bloques de {block} ({replicates} remuestreos).',
      tableLabel: 'Puntuaciones del backtest',
      caption: 'Puntuaciones por modelo y horizonte (cuanto menor sea el Brier, mejor; la destreza es la mejora relativa del Brier)',
      model: 'Modelo',
      issues: 'Emitidos',
      skillMemoryless: 'Destreza vs. sin memoria (90 %)',
      skillClimatology: 'Destreza vs. climatología (90 %)',
      slope: 'Pendiente',
      worstBin: 'Peor tramo',
      notes:
        'Pendiente: b en P(reinicio) = 1 − exp(−exp(a + b·cloglog(p))), ajustada por máxima verosimilitud; 1 indica una buena calibración, y por debajo de 1 los pronósticos se alejan demasiado de la media. Peor tramo: la mayor diferencia entre el pronóstico medio y la frecuencia observada en los tramos de una décima de probabilidad con ≥\u00a050 pronósticos emitidos. La climatología es la tasa base constante, que solo se conoce a posteriori.',
    },
    targets: {
      heading: 'Objetivos',
      tableLabel: 'Objetivos',
      caption: 'Objetivos de la fórmula {version} para el pronóstico publicado con este registro',
      target: 'Objetivo',
      wanted: 'Exigido',
      value: 'Valor',
      met: 'Cumplido',
      metric: {
        skill_vs_memoryless: 'Destreza vs. sin memoria',
        calibration_slope: 'Pendiente de calibración (cloglog)',
        calibration_error_after_warmup: 'Peor tramo de fiabilidad (≥\u00a050 pronósticos)',
      },
      allMet: 'Con este registro se cumplen todos los objetivos.',
      notAllMet: 'Con este registro no se cumplen todos los objetivos.',
      notes:
        'Los intervalos son amplios: con alrededor de un año de reinicios no se puede distinguir un pronóstico de +10 % de uno de +20 %. Con un registro tan corto, incluso un pronosticador perfecto puede tener un peor tramo de hasta unos 14 puntos (24 h) y 29 puntos (48 h); por eso esos son los límites, y no ±5 puntos.',
    },
    reliability: {
      heading: 'Fiabilidad',
      title: 'Diagrama de fiabilidad del pronóstico publicado, sin el periodo de calentamiento',
      series: '{horizon}: {points}.',
      bin: {
        one: 'pronóstico {forecast}, observado {observed} ({count} pronóstico emitido)',
        other: 'pronóstico {forecast}, observado {observed} ({count} pronósticos emitidos)',
      },
      binSeparator: '; ',
      xAxis: 'probabilidad pronosticada (%)',
      yAxis: 'frecuencia observada (%)',
      caption:
        'Pronóstico medio (eje horizontal) frente a la frecuencia con la que hubo un reinicio a continuación (eje vertical), por décima de probabilidad; el tamaño de cada punto crece con el número de pronósticos.',
      dashed: '{horizon} (discontinua)',
      diagonal: '; la diagonal representa la calibración perfecta.',
    },
    track: {
      heading: 'Historial de resultados',
      intro:
        'Cada pronóstico que emite la tarea programada se guarda en el log tal como se emitió y nunca se reescribe. Cuando se cierra su ventana de 24 h o 48 h, se puntúa frente a los reinicios registrados y se compara con el pronóstico sin memoria calculado con los eventos conocidos en ese momento.',
      provisional: 'Provisional:',
      established: 'Consolidado:',
      rule: 'el historial se considera provisional hasta que cada horizonte reúna al menos {resets} reinicios y {windows} ventanas puntuadas.',
      tableLabel: 'Puntuaciones del historial de resultados',
      caption: {
        one: 'Pronósticos registrados puntuados hasta ahora ({count} pronóstico leído del registro)',
        other: 'Pronósticos registrados puntuados hasta ahora ({count} pronósticos leídos del registro)',
      },
      scored: 'Puntuados',
      resets: 'Reinicios',
      memorylessBrier: 'Brier sin memoria',
      skill: 'Destreza (90 %)',
      skipped: {
        one: '{count} pronóstico registrado no se pudo leer y queda fuera de las puntuaciones ({kinds}):',
        other: '{count} pronósticos registrados no se pudieron leer y quedan fuera de las puntuaciones ({kinds}):',
      },
      kind: {
        not_json: '{count} sin formato JSON',
        invalid: '{count} con campos no válidos',
        p48_below_p24: '{count} con p48 por debajo de p24',
        duplicate: '{count} con una hora duplicada',
        out_of_order: '{count} fuera de orden',
      },
      noneSkipped: 'Todos los pronósticos registrados se pudieron leer.',
    },
  },
  notFound: {
    title: 'Página no encontrada',
    description: 'Esta página no existe en Resetcast.',
    body: 'No hay nada en esta dirección. Pruebe con el {forecast}, la {timeline} o la {developers}.',
    forecast: 'pronóstico',
    timeline: 'cronología de reinicios',
    developers: 'documentación de la API y MCP',
  },
  endpoints: {
    getForecast:
      'La probabilidad de un reinicio en las próximas 24 y 48 horas (en porcentajes enteros), la etiqueta de confianza y sus motivos, los datos de entrada y cuándo se comprobó cada uno por última vez. Es una estimación basada en anuncios anteriores, no un calendario.',
    getOutlook:
      'La perspectiva a 7 días: la probabilidad de un reinicio anunciado en 6, 12… 168 horas, según la misma estimación (coincide con las cifras de 24 h y 48 h a las 24 y 48 horas).',
    getHourlyOutlook:
      'La misma curva cada hora, cada punto con el instante en que termina: la probabilidad de un reinicio anunciado antes de cualquier momento de los próximos 7 días, para apps de barra de menús, bandeja y widgets.',
    getBadge:
      'La probabilidad a 24 horas como insignia de endpoint de shields.io para un README: «37%», o «37% (not vouched for)» en gris cuando la previsión no está respaldada.',
    getTimeline: 'Todos los eventos registrados, del más reciente al más antiguo.',
    getSignals: 'La última comprobación programada de la página de estado de OpenAI y de las incidencias de Codex en GitHub.',
    getBanked:
      'Los reinicios guardados aún activos: cuándo se concedió y cuándo caduca cada uno, las horas restantes, la probabilidad de un reinicio gratuito antes de que caduque y una recomendación sencilla de usarlo o conservarlo.',
    getPromises:
      'Todas las promesas oficiales de un reinicio próximo, de la más reciente a la más antigua, con el plazo (en UTC) en que se esperaba y si se cumplió, sigue abierta o venció.',
    getCorrections:
      'Todos los datos publicados que se modificaron después de publicarse (una hora, un alcance, la retirada de un evento), del más reciente al más antiguo, con el valor anterior y el nuevo, y el motivo.',
    getAlerts:
      'Todas las alertas, de la más reciente a la más antigua, cada una con un id que nunca cambia: reinicios y reinicios guardados registrados, reinicios guardados que caducan en menos de 24, 5 y 1 horas (una alerta cada vez), promesas y si se cumplieron, correcciones, y el paso del pronóstico por el 25 %, el 50 % o el 75 %.',
    getEventNotes: 'Qué grado de certeza tiene cada dato registrado: la certeza, los campos en duda y notas sobre el alcance.',
    getBacktest:
      'Qué puntuación habría obtenido el pronóstico con los datos históricos registrados, con intervalos del 90 %, la calibración y los objetivos de la fórmula.',
    getTrackRecord:
      'Cómo funcionan en vivo los pronósticos registrados: cada pronóstico cuya ventana de 24 h o 48 h ya se cerró, puntuado frente a los reinicios registrados.',
    getOpenApi: 'La descripción OpenAPI 3.1 de todos los endpoints.',
    getAtomFeed: 'Los reinicios registrados como feed Atom, del más reciente al más antiguo.',
    getJsonFeed: 'Las mismas entradas que el feed Atom, como JSON Feed 1.1.',
    getAlertsFeed: 'Todas las alertas como feed Atom (las 100 más recientes).',
    getCalendar:
      'Los reinicios pasados y recordatorios antes de que caduque cada reinicio guardado, para aplicaciones de calendario (iCalendar).',
  },
};
export default es;
