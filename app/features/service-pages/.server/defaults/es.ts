import type { ServicePageKey, ServiceTexts } from "#app/features/service-pages/service-pages";

/** The service pages' first texts in Spanish (the store keeps the team's edits). */
export const es: Record<ServicePageKey, ServiceTexts> = {
  gestoria: {
    title: "Gestoría náutica",
    summary: "Matrícula, cambio de propiedad, ITB, cambio a lista 6ª y más: pide tu trámite en línea y síguelo paso a paso hasta que esté resuelto.",
    body: "Nuestro equipo de gestores náuticos se encarga del papeleo de tu barco ante Capitanía Marítima, el Registro de Buques y las entidades colaboradoras de inspección.\n\nElige el trámite, cuéntanos los datos del barco y adjunta los documentos que tengas. Revisamos la solicitud, te decimos qué falta y te avisamos por correo de cada paso. Desde tu área privada ves el historial, los comentarios del equipo y los documentos.",
    whoNeeds: ["Propietarios de barcos de recreo, motos de agua y veleros", "Empresas de chárter y escuelas náuticas", "Compradores y vendedores de embarcaciones de segunda mano"],
    documents: [],
    turnaround: "Depende del trámite: de 2 días a 4 semanas",
    faqs: [
      {
        question: "¿Tengo que desplazarme a Capitanía?",
        answer: "No. Con tu autorización presentamos nosotros la documentación; solo te pediremos firmar los impresos que lo exijan.",
      },
      {
        question: "¿Cuándo pago?",
        answer: "Cuando revisamos tu solicitud te confirmamos el precio cerrado, con las tasas aparte. No empezamos nada sin tu conformidad.",
      },
      {
        question: "¿Quién ve mis documentos?",
        answer: "Solo tú y el equipo de gestoría. Se guardan de forma privada y se descargan únicamente desde tu área o desde la del equipo.",
      },
    ],
  },
  "abanderamientos-y-bajas": {
    title: "Abanderamiento y bajas",
    summary: "Abanderamos en España tu barco importado o damos de baja en el registro el que vendes al extranjero, desguazas o ya no navega.",
    body: "El abanderamiento inscribe con bandera española un barco construido o comprado fuera de España. La baja lo retira del Registro de Buques por exportación, desguace, pérdida o cambio de bandera.\n\nPreparamos el expediente, liquidamos los impuestos que correspondan y presentamos la documentación en la Capitanía Marítima de tu puerto.",
    whoNeeds: ["Quien importa un barco desde otro país", "Quien vende su barco a un comprador extranjero", "Quien desguaza un barco o lo da por perdido"],
    documents: [
      "DNI o NIE del propietario",
      "Título de propiedad o factura de compra",
      "Certificado de baja en el registro de origen (abanderamiento)",
      "Declaración CE de conformidad o certificado del constructor",
      "Certificado de desguace o contrato de venta (baja)",
    ],
    turnaround: "De 2 a 4 semanas",
    faqs: [
      {
        question: "¿Qué impuestos se pagan al abanderar?",
        answer: "Según el caso, IVA de importación e Impuesto Especial sobre Determinados Medios de Transporte. Te los calculamos antes de empezar.",
      },
      {
        question: "¿Puedo navegar mientras tanto?",
        answer: "No con la nueva bandera hasta que Capitanía emita la documentación. Te indicamos qué permisos provisionales caben en tu caso.",
      },
    ],
  },
  "asesoramiento-contratos": {
    title: "Asesoramiento de contratos",
    summary: "Revisamos o redactamos contratos de compraventa, de chárter y de amarre para que firmes sabiendo lo que firmas.",
    body: "Un contrato náutico bien hecho evita cargas ocultas, deudas del barco y malentendidos con la fianza o el seguro.\n\nRevisamos el borrador que te han pasado o redactamos uno a tu medida, comprobamos las cargas del barco en el registro y te explicamos cada cláusula antes de firmar.",
    whoNeeds: ["Compradores y vendedores de barcos", "Propietarios que alquilan su barco o su amarre", "Empresas de chárter que revisan sus condiciones"],
    documents: ["El borrador del contrato, si lo tienes", "Documentación del barco (registro, certificado de navegabilidad)", "DNI o CIF de las partes"],
    turnaround: "De 2 a 5 días laborables",
    faqs: [
      {
        question: "¿Comprobáis si el barco tiene deudas?",
        answer: "Sí. Pedimos la nota del Registro de Bienes Muebles para ver cargas, embargos o reservas de dominio.",
      },
      {
        question: "¿Sirve para un contrato en inglés?",
        answer: "Sí: revisamos contratos en español, inglés, francés y alemán.",
      },
    ],
  },
  "cambio-lista-6a": {
    title: "Cambio a lista 6ª",
    summary: "Pasa tu barco de la lista 7ª (recreo) a la 6ª para alquilarlo con fines comerciales, con el despacho y las inspecciones que exige.",
    body: "Solo los barcos inscritos en la lista 6ª pueden alquilarse con ánimo de lucro. El cambio exige un reconocimiento del barco, el equipo de seguridad propio del chárter, un seguro de responsabilidad civil adecuado y la tramitación ante Capitanía.\n\nTe decimos qué le falta a tu barco, coordinamos la inspección y presentamos el expediente.",
    whoNeeds: ["Propietarios que quieren alquilar su barco en Amarre u otras plataformas", "Empresas de chárter que amplían su flota"],
    documents: [
      "Permiso de navegación o certificado de registro actual",
      "DNI, NIE o CIF del titular",
      "Póliza de seguro con cobertura para alquiler",
      "Certificado de navegabilidad en vigor",
    ],
    turnaround: "De 3 a 6 semanas",
    faqs: [
      {
        question: "¿Necesito una empresa para estar en la lista 6ª?",
        answer: "No siempre: un particular puede, pero debe darse de alta en la actividad. Te explicamos las opciones fiscales.",
      },
      {
        question: "¿Puedo volver a la lista 7ª?",
        answer: "Sí, con el mismo tipo de trámite a la inversa.",
      },
    ],
  },
  "cambio-propiedad-barco": {
    title: "Cambio de propiedad",
    summary: "Pon el barco a nombre del comprador: liquidamos el impuesto de transmisiones e inscribimos el cambio en Capitanía.",
    body: "Al comprar o vender un barco de segunda mano, el cambio de titularidad debe inscribirse en el Registro de Buques y liquidarse el Impuesto de Transmisiones Patrimoniales (modelo 620) o el que corresponda.\n\nNos encargamos del impuesto, del expediente en Capitanía y de la nueva documentación a nombre del comprador.",
    whoNeeds: ["Quien compra un barco de segunda mano", "Quien vende su barco y quiere dejar de ser el titular", "Herederos de un barco"],
    documents: [
      "Contrato de compraventa firmado por ambas partes",
      "DNI o NIE de comprador y vendedor",
      "Permiso de navegación o certificado de registro",
      "Justificante del impuesto, si ya está liquidado",
    ],
    turnaround: "De 1 a 3 semanas",
    faqs: [
      {
        question: "¿Cuánto es el impuesto?",
        answer: "Depende de la comunidad autónoma y del valor del barco; te lo calculamos antes de empezar.",
      },
      {
        question: "¿Qué pasa si el vendedor no firma?",
        answer: "Sin la firma del vendedor no puede inscribirse el cambio; en el asesoramiento de contratos vemos cómo resolverlo.",
      },
    ],
  },
  "itb-barco": {
    title: "ITB del barco",
    summary: "Reservamos y acompañamos la inspección técnica de tu barco con una entidad colaboradora y tramitamos el certificado.",
    body: "Los barcos de recreo pasan reconocimientos periódicos para renovar su certificado de navegabilidad: cada cinco años en general, y con otra frecuencia según la eslora y el uso.\n\nTe decimos qué revisarán, reservamos la inspección en tu puerto con una entidad colaboradora y, si hay defectos, te ayudamos a subsanarlos para la segunda visita.",
    whoNeeds: ["Propietarios cuyo certificado de navegabilidad caduca", "Quien compra un barco con la inspección vencida"],
    documents: ["Certificado de navegabilidad actual", "Permiso de navegación o certificado de registro", "Póliza de seguro en vigor"],
    turnaround: "De 1 a 2 semanas, según la agenda de la entidad",
    faqs: [
      {
        question: "¿Hay que sacar el barco del agua?",
        answer: "Para algunos reconocimientos sí (casco y obra viva). Te lo indicamos y coordinamos la varada si hace falta.",
      },
      {
        question: "¿Y si no la supera?",
        answer: "Recibes la lista de defectos y un plazo para corregirlos; la segunda inspección suele ser más breve.",
      },
    ],
  },
  "matriculacion-barco": {
    title: "Matriculación del barco",
    summary: "Matriculamos tu barco nuevo en el Registro de Buques y te entregamos su documentación para navegar.",
    body: "Todo barco de recreo nuevo debe matricularse antes de navegar: se le asigna una matrícula y se expide el certificado de registro o el permiso de navegación, según su eslora.\n\nCon la factura y la documentación del constructor preparamos el expediente, liquidamos el impuesto de matriculación si procede y lo presentamos en Capitanía.",
    whoNeeds: ["Quien compra un barco o una moto de agua nuevos", "Quien construye su propio barco"],
    documents: [
      "Factura de compra",
      "Declaración CE de conformidad del constructor",
      "DNI o NIE del propietario",
      "Justificante del impuesto de matriculación, si ya está liquidado",
    ],
    turnaround: "De 1 a 3 semanas",
    faqs: [
      {
        question: "¿Las motos de agua se matriculan?",
        answer: "Sí, igual que cualquier embarcación de recreo.",
      },
      {
        question: "¿Pago impuesto de matriculación?",
        answer: "Los barcos de más de 8 metros de eslora suelen pagarlo; por debajo, normalmente no. Te lo confirmamos con tus datos.",
      },
    ],
  },
  "renovacion-documentacion": {
    title: "Renovación de documentación",
    summary: "Renovamos el certificado de navegabilidad, duplicados y demás documentos del barco antes de que caduquen.",
    body: "Un barco con la documentación caducada no puede salir a navegar y puede ser sancionado. Renovamos certificados, pedimos duplicados por pérdida o deterioro y actualizamos los datos del barco o del titular.\n\nTe recordamos lo que vence y presentamos las solicitudes por ti.",
    whoNeeds: ["Propietarios con documentos a punto de caducar", "Quien ha perdido la documentación del barco"],
    documents: ["El documento a renovar, o la denuncia de su pérdida", "DNI o NIE del titular", "Póliza de seguro en vigor"],
    turnaround: "De 2 a 10 días laborables",
    faqs: [
      {
        question: "¿Con cuánta antelación conviene renovar?",
        answer: "Un mes antes del vencimiento es lo prudente, sobre todo antes del verano.",
      },
      {
        question: "¿Podéis pedir un duplicado?",
        answer: "Sí, con la denuncia de pérdida o el documento deteriorado.",
      },
    ],
  },
  seguro: {
    title: "Seguro náutico",
    summary: "Te pedimos ofertas de seguro de responsabilidad civil o a todo riesgo para tu barco, con las coberturas que de verdad necesitas.",
    body: "El seguro de responsabilidad civil es obligatorio para navegar; el todo riesgo protege además el barco frente a daños, robo o hundimiento.\n\nCuéntanos cómo es tu barco y cómo lo usas: comparamos aseguradoras especializadas y te enviamos las ofertas con sus coberturas y franquicias explicadas.",
    whoNeeds: ["Propietarios de barcos y motos de agua", "Quien alquila su barco (necesita cobertura de chárter)"],
    documents: [],
    turnaround: "Ofertas en 2 o 3 días laborables",
    faqs: [
      {
        question: "¿Cubre el alquiler a terceros?",
        answer: "Solo si la póliza lo incluye expresamente; elige «Alquiler» en el uso y te buscamos esa cobertura.",
      },
      {
        question: "¿Me obliga a contratar?",
        answer: "No. Te enviamos las ofertas y decides tú.",
      },
    ],
  },
  limpieza: {
    title: "Limpieza del barco",
    summary: "Limpieza de casco, cubierta e interior, o antifouling, en tu puerto y en la fecha que elijas.",
    body: "Un barco limpio navega mejor y se conserva más. Nuestros equipos locales limpian la cubierta, el interior y el casco a flote, o aplican antifouling con el barco varado.\n\nDinos dónde está el barco, su eslora y qué limpieza quieres: te confirmamos precio y hora.",
    whoNeeds: ["Propietarios que preparan la temporada", "Empresas de chárter entre dos alquileres"],
    documents: [],
    turnaround: "Confirmación en 1 día laborable",
    faqs: [
      {
        question: "¿Necesitáis que esté a bordo?",
        answer: "No, basta con que el puerto nos dé acceso al pantalán y, para el interior, con las llaves.",
      },
      {
        question: "¿Qué productos usáis?",
        answer: "Productos biodegradables aptos para puertos deportivos.",
      },
    ],
  },
  transporte: {
    title: "Transporte del barco",
    summary: "Trasladamos tu barco por carretera entre puertos, astilleros y casas, con los permisos de transporte especial si hacen falta.",
    body: "Transportamos barcos de hasta 40 metros de eslora por carretera en toda España y a los países vecinos, con la grúa o la travelift de los puertos de origen y destino.\n\nIndícanos origen, destino, medidas y peso: calculamos la ruta, los permisos de transporte especial y el precio cerrado.",
    whoNeeds: ["Quien compra un barco en otro puerto", "Quien lo lleva a invernar a un astillero", "Quien cambia de amarre lejos"],
    documents: [],
    turnaround: "Presupuesto en 2 días laborables",
    faqs: [
      {
        question: "¿Está asegurado el transporte?",
        answer: "Sí, con un seguro de mercancía que cubre el valor declarado del barco.",
      },
      {
        question: "¿Y la botadura?",
        answer: "La coordinamos con los puertos de origen y destino; sus tarifas de grúa van aparte.",
      },
    ],
  },
  port: {
    title: "Tu puerto en Amarre",
    summary: "¿Gestionas un puerto deportivo o una marina? Publica tus amarres en Amarre y llega a navegantes de toda Europa.",
    body: "Los puertos y marinas pueden publicar en Amarre sus amarres en venta o en alquiler y recibir reservas de navegantes en cuatro idiomas.\n\nDéjanos los datos del puerto y una persona de contacto: te llamamos para darlo de alta y te ayudamos a publicar los primeros amarres.",
    whoNeeds: ["Puertos deportivos y marinas", "Clubes náuticos con amarres disponibles"],
    documents: [],
    turnaround: "Te llamamos en 2 días laborables",
    faqs: [
      {
        question: "¿Cuánto cuesta?",
        answer: "Darse de alta es gratis; Amarre cobra una comisión solo por las reservas que recibes.",
      },
      {
        question: "¿Puedo sincronizar mi calendario?",
        answer: "Sí: cada amarre publica su calendario en formato iCal para tu sistema de gestión.",
      },
    ],
  },
};
